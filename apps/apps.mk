# apps/: the privilege-drop demo, static like the probe.
$(B)/apps/privdrop: apps/privdrop.c | deps
	$(Q)mkdir -p $(@D)
	$(Q)musl-gcc -static -O2 -Wall -Wextra -Werror -o $@ $<

# apps/: the privilege-drop demo, static like the probe.
$(B)/apps/privdrop: apps/privdrop.c | deps $(TOOLS)/.ok
	$(Q)mkdir -p $(@D)
	$(Q)$(PROBE_CC) -static -O2 -Wall -Wextra -Werror -o $@ $<

# murun: the host-side emulation (glibc + libseccomp), also copied into the
# guests with the libraries ldd resolves.
MURUN_SRC := $(wildcard apps/murun/*.c)

$(B)/murun/murun: $(MURUN_SRC) apps/murun/murun.h \
		$(B)/probe/multiuser_syscalls.h | deps
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -O2 -Wall -Wextra -Werror -D_GNU_SOURCE -I$(B)/probe \
		-Iapps/murun -o $@ $(MURUN_SRC) -lseccomp

murun: $(B)/murun/murun
.PHONY: murun

// SPDX-License-Identifier: GPL-2.0
/*
 * SysV IPC ownership: IPC_SET of uid/gid, read back with IPC_STAT.  The
 * kernel stores kuids; a single-user kernel reads every one back as 0.
 */
#include <errno.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>

#include "muprobe.h"

enum kind { SHM, MSG, SEM };

static void set_owner(const struct probe *p)
{
	struct ipc_perm *perm;
	struct shmid_ds shm;
	struct msqid_ds msq;
	struct semid_ds sem;
	int id = -1, r = -1, r2 = -1, err;

	switch (p->arg[0]) {
	case SHM:
		id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
		perm = &shm.shm_perm;
		break;
	case MSG:
		id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
		perm = &msq.msg_perm;
		break;
	default:
		id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
		perm = &sem.sem_perm;
		break;
	}
	if (id < 0)
		skip("cannot create the object: %s (SYSVIPC off?)",
		     errname(errno));
#define CTL(cmd) (p->arg[0] == SHM ? shmctl(id, cmd, &shm) : \
		  p->arg[0] == MSG ? msgctl(id, cmd, &msq) : \
		  semctl(id, 0, cmd, &sem))
	CTL(IPC_STAT);
	perm->uid = OTHER;
	perm->gid = OTHER;
	r = CTL(IPC_SET);
	err = errno;
	obs_ret_err("ipc_set", r, err);
	r2 = CTL(IPC_STAT);
	if (!r)
		err = errno;
	obs("owner_after", "%u:%u", perm->uid, perm->gid);
	CTL(IPC_RMID);
#undef CTL
	if (r || r2)
		loud("IPC_SET/IPC_STAT failed: %s", errname(err));
	if (perm->uid != OTHER || perm->gid != OTHER)
		silent("IPC_SET returned 0, yet IPC_STAT shows %u:%u",
		       perm->uid, perm->gid);
	same("owner reads back as set");
}

static const struct probe rows[] = {
	{ "ipc.shm_owner", "ipc", "shmctl(IPC_SET) uid/gid 1000, IPC_STAT",
	  "0; shm_perm reads back 1000:1000", set_owner, { SHM },
	  NEED_ROOT | NEED_IDS },
	{ "ipc.msg_owner", "ipc", "msgctl(IPC_SET) uid/gid 1000, IPC_STAT",
	  "0; msg_perm reads back 1000:1000", set_owner, { MSG },
	  NEED_ROOT | NEED_IDS },
	{ "ipc.sem_owner", "ipc", "semctl(IPC_SET) uid/gid 1000, IPC_STAT",
	  "0; sem_perm reads back 1000:1000", set_owner, { SEM },
	  NEED_ROOT | NEED_IDS },
};

PROBE_SET(ipc_set, rows);

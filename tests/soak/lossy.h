/*
 * lossy.h: an SQLite VFS that loses what was not synced, for the power
 * loss part of "make soak" (tests/soak/power.c).
 *
 * It takes the name "unix" as the default VFS, in front of the real
 * one, so every connection of the process goes through it, including
 * fcgi/db_vfs.c's "topper-wal" (which wraps whatever "unix" is when it
 * registers).  What it models is a disk with a volatile write cache:
 *
 *  - A write goes to a cache shared by every handle on that path (the
 *    kernel's page cache): reads, file sizes and other connections see
 *    it at once, the real file does not.
 *  - xSync writes the file's cached writes to the real file, in order,
 *    then syncs it: only then do they survive a cut.
 *  - The cut, at the Nth write, sync or truncate (lossy_arm()), ends
 *    the process with _exit(LOSSY_EXIT): every cached write is lost, or,
 *    one cut in two, a random subset of them reaches the disk in any
 *    order, as a disk that reorders its cache would leave it.  Whole
 *    writes only: SQLite's unix VFS assumes power-safe overwrite.
 *
 * Not modelled (they happen at once on the real file): file creation
 * and deletion, truncation, and the shared-memory index (-shm), which
 * the checker removes after a cut so that it is rebuilt from the WAL as
 * after a real power loss.  Memory-mapped reads are refused (xFetch
 * returns no page), so every read sees the cache.
 */
#ifndef TOPPER_SOAK_LOSSY_H
#define TOPPER_SOAK_LOSSY_H

#include <stdint.h>

enum { LOSSY_EXIT = 77 };

/*
 * Register the VFS as the default "unix".  lying = 1 makes a disk that
 * says it synced and did not (the control: acknowledged moves must then
 * be found lost).  0, or -1.
 */
int	lossy_install(uint64_t seed, int lying);

/* Cut at the nth write, sync or truncate from now; 0: never. */
void	lossy_arm(long n);

/* Writes, syncs and truncates seen so far. */
long	lossy_ops(void);

#endif /* TOPPER_SOAK_LOSSY_H */

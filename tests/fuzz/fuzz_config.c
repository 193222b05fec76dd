/*
 * fuzz_config.c: the configuration file (topper.conf, config.h).
 *
 * The input is the file, handed to config_load() through a memory file
 * (/proc/self/fd/N).  Invariants checked: a refusal says why; a file
 * that loads gives every path key a value, and config_get() of each key
 * kept is the value of its last line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "config.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config	 cf;
	char		 path[64], err[1024];
	const char	*v;
	size_t		 i;
	int		 fd;

	if ((fd = memfd_create("fuzz-conf", 0)) < 0)
		abort();
	if (size > 0 && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	memset(&cf, 0, sizeof(cf));
	err[0] = '\0';
	if (config_load(&cf, path, err, sizeof(err)) != 0) {
		if (err[0] == '\0')
			abort();
	} else {
		if (cf.db == NULL || cf.socket == NULL || cf.data_dir == NULL)
			abort();
		for (i = 0; i < cf.nkv; i++) {
			const char	*last = cf.kv[i].value;
			size_t		 j;

			for (j = i + 1; j < cf.nkv; j++)
				if (strcmp(cf.kv[j].key, cf.kv[i].key) == 0)
					last = cf.kv[j].value;
			if ((v = config_get(&cf, cf.kv[i].key)) == NULL ||
			    strcmp(v, last) != 0)
				abort();
		}
		config_free(&cf);
	}
	close(fd);
	return 0;
}

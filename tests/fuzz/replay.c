/*
 * replay.c: a main for the libFuzzer targets, so gcc (which has no
 * -fsanitize=fuzzer) builds them as corpus replayers.  Each argument is
 * a file or a directory of files; every file is fed once to
 * LLVMFuzzerTestOneInput.  A crash or sanitizer report is the failure.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
replay_file(const char *path)
{
	FILE		*f;
	uint8_t		*data = NULL, *p;
	size_t		 len = 0, cap = 0, got;

	if ((f = fopen(path, "rb")) == NULL) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			cap = cap ? cap * 2 : 4096;
			if ((p = realloc(data, cap)) == NULL) {
				free(data);
				fclose(f);
				return -1;
			}
			data = p;
		}
		got = fread(data + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	fclose(f);
	LLVMFuzzerTestOneInput(data, len);
	free(data);
	return 0;
}

static int
replay_dir(const char *dir, size_t *count)
{
	DIR		*d;
	struct dirent	*de;
	char		 path[4096];
	int		 rc = 0;

	if ((d = opendir(dir)) == NULL) {
		perror(dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (replay_file(path) != 0)
			rc = -1;
		else
			(*count)++;
	}
	closedir(d);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct stat	 st;
	size_t		 count = 0;
	int		 i, rc = 0;

	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			rc = 1;
		} else if (S_ISDIR(st.st_mode)) {
			if (replay_dir(argv[i], &count) != 0)
				rc = 1;
		} else if (replay_file(argv[i]) != 0)
			rc = 1;
		else
			count++;
	}
	printf("%s: %zu inputs replayed\n", argv[0], count);
	return rc;
}

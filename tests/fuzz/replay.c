/*
 * The plain driver of a fuzz target: feeds every file of the given corpus directories
 * (or the given files) to LLVMFuzzerTestOneInput once, in name order, and says how many
 * it ran. A broken invariant aborts inside the target; a sanitizer build reports its
 * findings as the fuzzer build would.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/fuzz/fuzz.h"

static bool run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return false;
    }
    size_t cap = 4096, len = 0, got;
    uint8_t *data = malloc(cap);
    while (data && (got = fread(data + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap)
            data = realloc(data, cap *= 2);
    }
    fclose(f);
    if (!data)
        abort();
    LLVMFuzzerTestOneInput(data, len);
    free(data);
    return true;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

int main(int argc, char **argv)
{
    long count = 0;
    bool ok = argc > 1;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory %s\n", argv[i]);
            ok = false;
        } else if (!S_ISDIR(st.st_mode)) {
            ok &= run_file(argv[i]);
            count++;
        } else {
            struct dirent **names;
            int n = scandir(argv[i], &names, NULL, by_name);
            for (int j = 0; j < n; j++) {
                char path[4096];
                snprintf(path, sizeof path, "%s/%s", argv[i], names[j]->d_name);
                if (names[j]->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                    ok &= run_file(path);
                    count++;
                }
                free(names[j]);
            }
            free(names);
            ok &= n >= 0;
        }
    }
    printf("%s: %ld inputs replayed%s\n", argv[0], count, ok ? "" : " (with errors)");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

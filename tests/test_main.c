/*
 * Runs every suite listed in suites.def. CK_RUN_SUITE (Check's own variable) selects one.
 */
#include <check.h>
#include <stdlib.h>

#include "core/registry.h"

#define SUITE(fn) Suite *fn(void);
#include "tests/suites.def"
#undef SUITE

int main(void)
{
    registry_init();
    SRunner *runner = srunner_create(NULL);
#define SUITE(fn) srunner_add_suite(runner, fn());
#include "tests/suites.def"
#undef SUITE
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

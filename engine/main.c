#include <stdio.h>
#include <stdlib.h>

#include "engine/perft.h"
#include "engine/registry.h"

int main(int argc, char **argv)
{
    registry_init();
    const Game *g = registry_find(argc > 2 ? argv[2] : "breakthrough");
    void *pos = malloc(g->pos_size);
    char err[256];
    g->fen_read(pos, g->start_fen, err, sizeof err);
    printf("Nodes searched: %llu\n", (unsigned long long)perft(g, pos, argc > 1 ? atoi(argv[1]) : 1));
    return 0;
}

/*
 * A net built into the binary, so that `wyrm` stays one file. The Makefile compiles a
 * game's evaluation with WYRM_NET set to nets/<game>.nnue when that file exists; the
 * assembler's .incbin then places the file's bytes between two labels. Without a net
 * file the game simply has no embedded net.
 *
 * The WebAssembly build (`make web`) has no .incbin: its assembler writes wasm object
 * files, whose data segments inline assembly cannot fill. There the Makefile writes the
 * net as a C array (`static const unsigned char nnue_net_bytes[] = {...};`) into a header
 * and names it in WYRM_NET_ARRAY instead; each evaluation is its own translation unit, so
 * the one name serves every game.
 *
 *   NNUE_EMBED(bt_net)                         at file scope
 *   .embedded = NNUE_EMBEDDED(bt_net)          in the NnueSlot initializer (both fields)
 */
#pragma once

#if defined(WYRM_NET_ARRAY)
#include WYRM_NET_ARRAY
#define NNUE_EMBED(name)
#define NNUE_EMBEDDED(name) nnue_net_bytes, .embedded_end = nnue_net_bytes + sizeof nnue_net_bytes
#elif defined(WYRM_NET)
#define NNUE_EMBED(name)                                                                           \
    __asm__(".section .rodata\n.balign 64\n" #name ":\n.incbin \"" WYRM_NET "\"\n" #name           \
            "_end:\n.previous\n");                                                                 \
    extern const unsigned char name[], name##_end[];
#define NNUE_EMBEDDED(name) name, .embedded_end = name##_end
#else
#define NNUE_EMBED(name)
#define NNUE_EMBEDDED(name) NULL, .embedded_end = NULL
#endif

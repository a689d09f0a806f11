build-clang/release/search/tt.o: search/tt.c search/tt.h engine/types.h

search/tt.h:

engine/types.h:

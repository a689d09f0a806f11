build-clang/release/protocol/output.o: protocol/output.c \
  protocol/output.h

protocol/output.h:

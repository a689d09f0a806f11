/*
 * A strict JSON reader for the tests of the `json` command (RFC 8259: no trailing commas,
 * no comments, no control characters in strings, escapes checked, UTF-8 checked, nothing
 * after the value). It builds a tree the tests query by key and index.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

typedef enum { JV_NULL, JV_BOOL, JV_NUMBER, JV_STRING, JV_ARRAY, JV_OBJECT } JsonType;

typedef struct JsonValue {
    JsonType type;
    bool boolean;
    double number;
    char *string;             /* JV_STRING: decoded, NUL-terminated */
    struct JsonValue **items; /* JV_ARRAY, JV_OBJECT: the values, in order */
    char **keys;              /* JV_OBJECT: the keys, decoded */
    int count;
} JsonValue;

/* The value `text` holds, or NULL with the reason and byte offset in err. */
JsonValue *json_parse(const char *text, char *err, size_t err_size);
void json_free(JsonValue *v);

/* The member `key` of an object, the item `index` of an array; NULL if absent. */
const JsonValue *json_member(const JsonValue *v, const char *key);
const JsonValue *json_item(const JsonValue *v, int index);

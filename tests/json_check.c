#include "tests/json_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Reader {
    const char *s;
    size_t at;
    char *err;
    size_t err_size;
    bool failed;
} Reader;

enum { JSON_DEPTH_MAX = 64 };

static void fail(Reader *r, const char *why)
{
    if (!r->failed)
        snprintf(r->err, r->err_size, "%s at byte %zu", why, r->at);
    r->failed = true;
}

static void skip_space(Reader *r)
{
    while (r->s[r->at] == ' ' || r->s[r->at] == '\t' || r->s[r->at] == '\n' || r->s[r->at] == '\r')
        r->at++;
}

static JsonValue *new_value(JsonType type)
{
    JsonValue *v = calloc(1, sizeof *v);
    if (!v)
        abort();
    v->type = type;
    return v;
}

static void append(JsonValue *v, JsonValue *item, char *key)
{
    v->items = realloc(v->items, sizeof *v->items * (size_t)(v->count + 1));
    v->keys = realloc(v->keys, sizeof *v->keys * (size_t)(v->count + 1));
    if (!v->items || !v->keys)
        abort();
    v->items[v->count] = item;
    v->keys[v->count++] = key;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

static void put_utf8(char *out, size_t *n, unsigned cp)
{
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xC0 | cp >> 6);
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xE0 | cp >> 12);
        out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    } else {
        out[(*n)++] = (char)(0xF0 | cp >> 18);
        out[(*n)++] = (char)(0x80 | (cp >> 12 & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[(*n)++] = (char)(0x80 | (cp & 0x3F));
    }
}

static bool read_hex4(Reader *r, unsigned *out)
{
    *out = 0;
    for (int i = 0; i < 4; i++) {
        int d = hex_digit(r->s[r->at]);
        if (d < 0) {
            fail(r, "bad \\u escape");
            return false;
        }
        *out = *out * 16 + (unsigned)d;
        r->at++;
    }
    return true;
}

/* Length of a valid UTF-8 sequence of two or more bytes at s, or 0. */
static int utf8_sequence(const unsigned char *s)
{
    int n = (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || (n == 2 && s[0] < 0xC2))
        return 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) || (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) || (n == 4 && s[0] >= 0xF4 && s[1] >= 0x90))
        return 0;
    return n;
}

static char *read_string(Reader *r)
{
    if (r->s[r->at] != '"') {
        fail(r, "expected a string");
        return NULL;
    }
    r->at++;
    size_t cap = strlen(r->s + r->at) + 1, n = 0;
    char *out = malloc(cap);
    if (!out)
        abort();
    for (;;) {
        unsigned char c = (unsigned char)r->s[r->at];
        if (c == '"') {
            r->at++;
            break;
        }
        if (c < 0x20) {
            fail(r, c ? "control character in a string" : "unterminated string");
            free(out);
            return NULL;
        }
        if (c >= 0x80) {
            int len = utf8_sequence((const unsigned char *)r->s + r->at);
            if (!len) {
                fail(r, "invalid UTF-8");
                free(out);
                return NULL;
            }
            memcpy(out + n, r->s + r->at, (size_t)len);
            n += (size_t)len;
            r->at += (size_t)len;
            continue;
        }
        r->at++;
        if (c != '\\') {
            out[n++] = (char)c;
            continue;
        }
        char e = r->s[r->at++];
        const char *plain = strchr("\"\\/bfnrt", e);
        if (e && plain) {
            out[n++] = "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"];
            continue;
        }
        unsigned cp;
        if (e != 'u' || !read_hex4(r, &cp)) {
            fail(r, "bad escape");
            free(out);
            return NULL;
        }
        if (cp >= 0xD800 && cp < 0xDC00) {
            unsigned low;
            if (r->s[r->at] != '\\' || r->s[r->at + 1] != 'u') {
                fail(r, "lone surrogate");
                free(out);
                return NULL;
            }
            r->at += 2;
            if (!read_hex4(r, &low) || low < 0xDC00 || low > 0xDFFF) {
                fail(r, "bad surrogate pair");
                free(out);
                return NULL;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        } else if (cp >= 0xDC00 && cp < 0xE000) {
            fail(r, "lone surrogate");
            free(out);
            return NULL;
        }
        if (cp == 0) {
            fail(r, "NUL in a string");
            free(out);
            return NULL;
        }
        put_utf8(out, &n, cp);
    }
    out[n] = 0;
    return out;
}

static bool read_number(Reader *r, double *out)
{
    size_t start = r->at;
    const char *s = r->s;
    if (s[r->at] == '-')
        r->at++;
    if (s[r->at] == '0')
        r->at++;
    else if (s[r->at] >= '1' && s[r->at] <= '9')
        while (s[r->at] >= '0' && s[r->at] <= '9')
            r->at++;
    else
        return fail(r, "bad number"), false;
    if (s[r->at] == '.') {
        r->at++;
        if (!(s[r->at] >= '0' && s[r->at] <= '9'))
            return fail(r, "bad fraction"), false;
        while (s[r->at] >= '0' && s[r->at] <= '9')
            r->at++;
    }
    if (s[r->at] == 'e' || s[r->at] == 'E') {
        r->at++;
        if (s[r->at] == '+' || s[r->at] == '-')
            r->at++;
        if (!(s[r->at] >= '0' && s[r->at] <= '9'))
            return fail(r, "bad exponent"), false;
        while (s[r->at] >= '0' && s[r->at] <= '9')
            r->at++;
    }
    *out = strtod(s + start, NULL);
    return true;
}

static JsonValue *read_value(Reader *r, int depth);

static JsonValue *read_container(Reader *r, int depth, bool object)
{
    JsonValue *v = new_value(object ? JV_OBJECT : JV_ARRAY);
    char close = object ? '}' : ']';
    r->at++;
    skip_space(r);
    if (r->s[r->at] == close) {
        r->at++;
        return v;
    }
    for (;;) {
        char *key = NULL;
        skip_space(r);
        if (object) {
            if (!(key = read_string(r)))
                break;
            for (int i = 0; i < v->count; i++)
                if (strcmp(v->keys[i], key) == 0)
                    fail(r, "duplicate key");
            skip_space(r);
            if (r->s[r->at] != ':') {
                fail(r, "expected ':'");
                free(key);
                break;
            }
            r->at++;
        }
        JsonValue *item = read_value(r, depth + 1);
        if (!item) {
            free(key);
            break;
        }
        append(v, item, key);
        skip_space(r);
        if (r->s[r->at] == ',') {
            r->at++;
            continue;
        }
        if (r->s[r->at] == close) {
            r->at++;
            if (!r->failed)
                return v;
            break;
        }
        fail(r, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    json_free(v);
    return NULL;
}

static bool read_word(Reader *r, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(r->s + r->at, word, n) != 0)
        return fail(r, "unexpected character"), false;
    r->at += n;
    return true;
}

static JsonValue *read_value(Reader *r, int depth)
{
    skip_space(r);
    if (depth > JSON_DEPTH_MAX) {
        fail(r, "nested too deeply");
        return NULL;
    }
    char c = r->s[r->at];
    if (c == '{' || c == '[')
        return read_container(r, depth, c == '{');
    if (c == '"') {
        char *s = read_string(r);
        if (!s)
            return NULL;
        JsonValue *v = new_value(JV_STRING);
        v->string = s;
        return v;
    }
    if (c == 't' || c == 'f') {
        if (!read_word(r, c == 't' ? "true" : "false"))
            return NULL;
        JsonValue *v = new_value(JV_BOOL);
        v->boolean = c == 't';
        return v;
    }
    if (c == 'n')
        return read_word(r, "null") ? new_value(JV_NULL) : NULL;
    double number;
    if (!read_number(r, &number))
        return NULL;
    JsonValue *v = new_value(JV_NUMBER);
    v->number = number;
    return v;
}

JsonValue *json_parse(const char *text, char *err, size_t err_size)
{
    Reader r = {text, 0, err, err_size, false};
    JsonValue *v = read_value(&r, 0);
    if (v) {
        skip_space(&r);
        if (text[r.at]) {
            fail(&r, "text after the value");
            json_free(v);
            v = NULL;
        }
    }
    return v;
}

void json_free(JsonValue *v)
{
    if (!v)
        return;
    for (int i = 0; i < v->count; i++) {
        json_free(v->items[i]);
        free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->string);
    free(v);
}

const JsonValue *json_member(const JsonValue *v, const char *key)
{
    if (!v || v->type != JV_OBJECT)
        return NULL;
    for (int i = 0; i < v->count; i++)
        if (strcmp(v->keys[i], key) == 0)
            return v->items[i];
    return NULL;
}

const JsonValue *json_item(const JsonValue *v, int index)
{
    if (!v || v->type != JV_ARRAY || index < 0 || index >= v->count)
        return NULL;
    return v->items[index];
}

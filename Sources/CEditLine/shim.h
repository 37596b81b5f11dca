// Non-variadic wrappers around libedit, for Swift.
//
// Swift cannot call C variadic functions, and libedit's configuration goes
// through el_set/el_get/history(), which are all variadic. Each wrapper below
// fixes one operation's argument list so Swift sees an ordinary prototype.
// Everything is `static inline`: no separate C target, nothing to link but
// libedit itself.
#ifndef LAYOUTLAB_CEDITLINE_SHIM_H
#define LAYOUTLAB_CEDITLINE_SHIM_H

#include <stdio.h>
#include <histedit.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

// Prompt callbacks receive the EditLine and return a NUL-terminated string
// that must stay valid until the next call.
typedef char *(*cel_prompt_fn)(EditLine *);
// Editor functions bound to keys (EL_ADDFN); return one of the CC_* codes.
typedef unsigned char (*cel_editor_fn)(EditLine *, int);

// --- el_set / el_get -------------------------------------------------------

static inline int cel_set_prompt(EditLine *el, cel_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}

static inline int cel_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

static inline int cel_set_hist(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

static inline int cel_add_fn(EditLine *el, const char *name, const char *help, cel_editor_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

// Binds one key sequence (e.g. "^I") to a named editor function.
static inline int cel_bind(EditLine *el, const char *key, const char *fn_name) {
    return el_set(el, EL_BIND, key, fn_name, (const char *)NULL);
}

static inline int cel_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *cel_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

// With 1, libedit restores the terminal on SIGINT/SIGTSTP/..., follows
// SIGWINCH (window resizes) and re-raises the signal to our own handler.
static inline int cel_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

// --- history() ---------------------------------------------------------------

static inline int cel_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

static inline int cel_history_setunique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

static inline int cel_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

// Returns the number of entries loaded, or -1 (missing or unreadable file).
static inline int cel_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

// Writes the history file format (a cookie line, then one vis(3)-encoded entry
// a line, oldest first) to `fp`, and sets the file's mode to 0600. Returns the
// number of entries written, or -1. Write errors show in ferror(fp) only.
//
// H_SAVE_FP is in NetBSD's histedit.h by 1.55 (2016), not in 1.49 (2012), which is
// what macOS ships (Apple's libedit-65, LIBEDIT_MINOR 11): there only H_SAVE,
// which opens a path itself, is available, and the stream's descriptor is handed
// over as /dev/fd/N, which on macOS opens the same open file (same offset,
// nothing truncated but the empty temporary file the caller made).
static inline int cel_history_save_fp(History *h, FILE *fp) {
    HistEvent ev;
#ifdef H_SAVE_FP
    return history(h, &ev, H_SAVE_FP, fp);
#else
    char path[32];
    if (fflush(fp) != 0) return -1;
    snprintf(path, sizeof path, "/dev/fd/%d", fileno(fp));
    return history(h, &ev, H_SAVE, path);
#endif
}

// Walks the history from the oldest entry (H_LAST) towards newer ones (H_PREV).
// Each returns the entry's text (owned by libedit, valid until the next history
// call) or NULL at the end. (The tests read the history back with these.)
static inline const char *cel_history_step(History *h, int op) {
    HistEvent ev;
    if (history(h, &ev, op) == -1) return NULL;
    return ev.str;
}

static inline const char *cel_history_last(History *h) { return cel_history_step(h, H_LAST); }
static inline const char *cel_history_prev(History *h) { return cel_history_step(h, H_PREV); }

// --- Small helpers Swift 6 cannot express directly -------------------------

// The C standard streams are mutable globals, which Swift 6 refuses to read
// from non-isolated code; these accessors keep that out of Swift.
static inline FILE *cel_stdin(void) { return stdin; }
static inline FILE *cel_stdout(void) { return stdout; }
static inline FILE *cel_stderr(void) { return stderr; }

#endif

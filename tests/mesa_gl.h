/* A desktop GL context on Mesa's llvmpipe (EGL, surfaceless platform), for
 * tests that compare gen7sf with Mesa.  EGL and GL are loaded at run time
 * (dlopen, eglGetProcAddress): the tests need no link dependency, and where
 * Mesa is missing they say why and skip.  Nothing happens until
 * mesa_gl_open is called. */
#ifndef G7SF_TEST_MESA_GL_H
#define G7SF_TEST_MESA_GL_H

#include <stdbool.h>

#include <GL/gl.h>
#include <GL/glext.h>

typedef struct mesa_gl {
    const char *renderer;       /* GL_RENDERER */
    const char *version;        /* GL_VERSION */
    const GLubyte *(APIENTRY *GetString)(GLenum name);
    const GLubyte *(APIENTRY *GetStringi)(GLenum name, GLuint index);
    void (APIENTRY *GetIntegerv)(GLenum pname, GLint *data);
    GLenum (APIENTRY *GetError)(void);
    void (APIENTRY *PixelStorei)(GLenum pname, GLint param);
    void (APIENTRY *GenTextures)(GLsizei n, GLuint *textures);
    void (APIENTRY *DeleteTextures)(GLsizei n, const GLuint *textures);
    void (APIENTRY *BindTexture)(GLenum target, GLuint texture);
    void (APIENTRY *TexImage2D)(GLenum target, GLint level, GLint internalformat,
                                GLsizei width, GLsizei height, GLint border,
                                GLenum format, GLenum type, const void *pixels);
    void (APIENTRY *CompressedTexImage2D)(GLenum target, GLint level,
                                          GLenum internalformat, GLsizei width,
                                          GLsizei height, GLint border,
                                          GLsizei image_size, const void *data);
    void (APIENTRY *GetTexImage)(GLenum target, GLint level, GLenum format,
                                 GLenum type, void *pixels);
    void (APIENTRY *GetTexLevelParameteriv)(GLenum target, GLint level,
                                            GLenum pname, GLint *params);
} mesa_gl;

/* Makes a context current on this thread (software rendering forced:
 * LIBGL_ALWAYS_SOFTWARE=1, GALLIUM_DRIVER=llvmpipe) and returns its
 * functions, or NULL with *why saying what was missing.  A second call
 * returns the same context.  It lives until the process exits: destroying
 * it unloads Mesa's driver, whose unfreed memory LeakSanitizer would then
 * report as leaks. */
const mesa_gl *mesa_gl_open(const char **why);

/* Whether the context lists the extension (exact name). */
bool mesa_gl_has_extension(const mesa_gl *gl, const char *name);

#endif

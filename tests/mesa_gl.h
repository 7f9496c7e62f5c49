/* A desktop GL context on Mesa's llvmpipe or softpipe (EGL, surfaceless
 * platform), for tests that compare gen7sf with Mesa.  EGL and GL are loaded at run time
 * (dlopen, eglGetProcAddress): the tests need no link dependency, and where
 * Mesa is missing they say why and skip.  Nothing happens until
 * mesa_gl_open is called. */
#ifndef G7SF_TEST_MESA_GL_H
#define G7SF_TEST_MESA_GL_H

#include <stdbool.h>
#include <stddef.h>

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
    /* Textures of every target, shaders and drawing into a float FBO (the
     * sampler test). */
    void (APIENTRY *TexImage1D)(GLenum target, GLint level, GLint internalformat,
                                GLsizei width, GLint border, GLenum format,
                                GLenum type, const void *pixels);
    PFNGLTEXIMAGE3DPROC TexImage3D;
    void (APIENTRY *TexParameteri)(GLenum target, GLenum pname, GLint param);
    void (APIENTRY *TexParameterf)(GLenum target, GLenum pname, GLfloat param);
    void (APIENTRY *TexParameterfv)(GLenum target, GLenum pname, const GLfloat *params);
    /* Integer border colours (GL_TEXTURE_BORDER_COLOR of integer textures). */
    PFNGLTEXPARAMETERIIVPROC TexParameterIiv;
    PFNGLTEXPARAMETERIUIVPROC TexParameterIuiv;
    PFNGLACTIVETEXTUREPROC ActiveTexture;
    void (APIENTRY *Enable)(GLenum cap);
    void (APIENTRY *Disable)(GLenum cap);
    PFNGLCREATESHADERPROC CreateShader;
    PFNGLSHADERSOURCEPROC ShaderSource;
    PFNGLCOMPILESHADERPROC CompileShader;
    PFNGLGETSHADERIVPROC GetShaderiv;
    PFNGLGETSHADERINFOLOGPROC GetShaderInfoLog;
    PFNGLDELETESHADERPROC DeleteShader;
    PFNGLCREATEPROGRAMPROC CreateProgram;
    PFNGLATTACHSHADERPROC AttachShader;
    PFNGLLINKPROGRAMPROC LinkProgram;
    PFNGLGETPROGRAMIVPROC GetProgramiv;
    PFNGLGETPROGRAMINFOLOGPROC GetProgramInfoLog;
    PFNGLUSEPROGRAMPROC UseProgram;
    PFNGLDELETEPROGRAMPROC DeleteProgram;
    PFNGLGETUNIFORMLOCATIONPROC GetUniformLocation;
    PFNGLUNIFORM1IPROC Uniform1i;
    PFNGLGENFRAMEBUFFERSPROC GenFramebuffers;
    PFNGLBINDFRAMEBUFFERPROC BindFramebuffer;
    PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D;
    PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus;
    PFNGLDELETEFRAMEBUFFERSPROC DeleteFramebuffers;
    PFNGLGENVERTEXARRAYSPROC GenVertexArrays;
    PFNGLBINDVERTEXARRAYPROC BindVertexArray;
    PFNGLDELETEVERTEXARRAYSPROC DeleteVertexArrays;
    void (APIENTRY *Viewport)(GLint x, GLint y, GLsizei width, GLsizei height);
    void (APIENTRY *DrawArrays)(GLenum mode, GLint first, GLsizei count);
    void (APIENTRY *ReadPixels)(GLint x, GLint y, GLsizei width, GLsizei height,
                                GLenum format, GLenum type, void *pixels);
    /* Blending, logic ops and colour masks (the blend test). */
    PFNGLBLENDFUNCSEPARATEPROC BlendFuncSeparate;
    PFNGLBLENDEQUATIONSEPARATEPROC BlendEquationSeparate;
    PFNGLBLENDCOLORPROC BlendColor;
    void (APIENTRY *LogicOp)(GLenum opcode);
    void (APIENTRY *ColorMask)(GLboolean r, GLboolean g, GLboolean b, GLboolean a);
    PFNGLCLAMPCOLORPROC ClampColor;
    /* Multisampled renderbuffers, their resolve, vertex buffers (the MSAA
     * test). */
    void (APIENTRY *ClearColor)(GLfloat r, GLfloat g, GLfloat b, GLfloat a);
    void (APIENTRY *Clear)(GLbitfield mask);
    PFNGLGENRENDERBUFFERSPROC GenRenderbuffers;
    PFNGLBINDRENDERBUFFERPROC BindRenderbuffer;
    PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC RenderbufferStorageMultisample;
    PFNGLGETRENDERBUFFERPARAMETERIVPROC GetRenderbufferParameteriv;
    PFNGLFRAMEBUFFERRENDERBUFFERPROC FramebufferRenderbuffer;
    PFNGLDELETERENDERBUFFERSPROC DeleteRenderbuffers;
    PFNGLBLITFRAMEBUFFERPROC BlitFramebuffer;
    PFNGLGETMULTISAMPLEFVPROC GetMultisamplefv;
    PFNGLGENBUFFERSPROC GenBuffers;
    PFNGLBINDBUFFERPROC BindBuffer;
    PFNGLBUFFERDATAPROC BufferData;
    PFNGLDELETEBUFFERSPROC DeleteBuffers;
    PFNGLVERTEXATTRIBPOINTERPROC VertexAttribPointer;
    PFNGLENABLEVERTEXATTRIBARRAYPROC EnableVertexAttribArray;
} mesa_gl;

/* Makes a context current on this thread (software rendering forced:
 * LIBGL_ALWAYS_SOFTWARE=1, GALLIUM_DRIVER=llvmpipe) and returns its
 * functions, or NULL with *why saying what was missing.  A second call
 * returns the same context.  It lives until the process exits: destroying
 * it unloads Mesa's driver, whose unfreed memory LeakSanitizer would then
 * report as leaks. */
const mesa_gl *mesa_gl_open(const char **why);

/* The same with a choice of Gallium driver ("llvmpipe" or "softpipe") and
 * of GALLIVM_PERF (NULL: left as the environment has it).  Mesa reads both
 * once, when EGL initialises: the first call of a process decides, later
 * calls return that context whatever they ask. */
const mesa_gl *mesa_gl_open_driver(const char *driver, const char *gallivm_perf,
                                   const char **why);

/* Compiles and links a vertex and a fragment shader: the program, or 0 with
 * the compiler's log in log[n]. */
GLuint mesa_gl_program(const mesa_gl *gl, const char *vs, const char *fs, char *log,
                       size_t n);

/* A w x h GL_RGBA32F 2D texture of d (RGBA floats) on texture unit
 * `unit`, nearest filtering: the per-pixel inputs of a draw. */
GLuint mesa_gl_float_texture(const mesa_gl *gl, unsigned unit, unsigned w, unsigned h,
                             const float *d);

/* Whether the context lists the extension (exact name). */
bool mesa_gl_has_extension(const mesa_gl *gl, const char *name);

#endif

/* EGL surfaceless + desktop GL on llvmpipe, loaded at run time (mesa_gl.h). */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "mesa_gl.h"

static struct {
    bool open;
    mesa_gl gl;
    PFNEGLTERMINATEPROC Terminate;
    PFNEGLMAKECURRENTPROC MakeCurrent;
    PFNEGLDESTROYCONTEXTPROC DestroyContext;
    PFNEGLRELEASETHREADPROC ReleaseThread;
    EGLDisplay dpy;
    EGLContext ctx;
} st;

/* Every entry point comes through eglGetProcAddress (EGL 1.5 returns core
 * GL functions too), so nothing links against libGL. */
static bool load(PFNEGLGETPROCADDRESSPROC gpa, void *dst, const char *name,
                 const char **why)
{
    void (*fn)(void) = gpa(name);
    memcpy(dst, &fn, sizeof fn);
    if (!fn)
        *why = "EGL or GL lacks an entry point the test needs";
    return fn != NULL;
}

/* Undoes a context that turned out unusable. */
static void close_context(void)
{
    st.MakeCurrent(st.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    st.DestroyContext(st.dpy, st.ctx);
    st.Terminate(st.dpy);
    st.ReleaseThread();
    st.open = false;
}

const mesa_gl *mesa_gl_open(const char **why)
{
    return mesa_gl_open_driver("llvmpipe", NULL, why);
}

/* The entry points past the context's basics, for the sampler test. */
static bool load_draw(PFNEGLGETPROCADDRESSPROC gpa, mesa_gl *gl, const char **why)
{
#define L(m) load(gpa, &gl->m, "gl" #m, why)
    return L(TexImage1D) && L(TexImage3D) && L(TexParameteri) && L(TexParameterf)
        && L(TexParameterfv) && L(TexParameterIiv) && L(TexParameterIuiv)
        && L(ActiveTexture) && L(Enable) && L(Disable)
        && L(CreateShader) && L(ShaderSource) && L(CompileShader) && L(GetShaderiv)
        && L(GetShaderInfoLog) && L(DeleteShader) && L(CreateProgram) && L(AttachShader)
        && L(LinkProgram) && L(GetProgramiv) && L(GetProgramInfoLog) && L(UseProgram)
        && L(DeleteProgram) && L(GetUniformLocation) && L(Uniform1i)
        && L(GenFramebuffers) && L(BindFramebuffer) && L(FramebufferTexture2D)
        && L(CheckFramebufferStatus) && L(DeleteFramebuffers) && L(GenVertexArrays)
        && L(BindVertexArray) && L(DeleteVertexArrays) && L(Viewport) && L(DrawArrays)
        && L(ReadPixels);
#undef L
}

/* The entry points of the blend test. */
static bool load_blend(PFNEGLGETPROCADDRESSPROC gpa, mesa_gl *gl, const char **why)
{
#define L(m) load(gpa, &gl->m, "gl" #m, why)
    return L(BlendFuncSeparate) && L(BlendEquationSeparate) && L(BlendColor) && L(LogicOp)
        && L(ColorMask) && L(ClampColor);
#undef L
}

/* The entry points of the MSAA test. */
static bool load_msaa(PFNEGLGETPROCADDRESSPROC gpa, mesa_gl *gl, const char **why)
{
#define L(m) load(gpa, &gl->m, "gl" #m, why)
    return L(ClearColor) && L(Clear) && L(GenRenderbuffers) && L(BindRenderbuffer)
        && L(RenderbufferStorageMultisample) && L(GetRenderbufferParameteriv)
        && L(FramebufferRenderbuffer) && L(DeleteRenderbuffers) && L(BlitFramebuffer)
        && L(GetMultisamplefv) && L(GenBuffers) && L(BindBuffer) && L(BufferData)
        && L(DeleteBuffers) && L(VertexAttribPointer) && L(EnableVertexAttribArray);
#undef L
}

const mesa_gl *mesa_gl_open_driver(const char *driver, const char *gallivm_perf,
                                   const char **why)
{
    if (st.open)
        return &st.gl;
    /* Before Mesa is loaded: its drivers read these once. */
    setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1);
    setenv("GALLIUM_DRIVER", driver, 1);
    if (gallivm_perf)
        setenv("GALLIVM_PERF", gallivm_perf, 1);
    void *lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        *why = "no libEGL.so.1";
        return NULL;
    }
    PFNEGLGETPROCADDRESSPROC gpa;
    *(void **)&gpa = dlsym(lib, "eglGetProcAddress");
    if (!gpa) {
        *why = "libEGL.so.1 has no eglGetProcAddress";
        return NULL;
    }
    PFNEGLGETPLATFORMDISPLAYEXTPROC GetPlatformDisplayEXT;
    PFNEGLINITIALIZEPROC Initialize;
    PFNEGLBINDAPIPROC BindAPI;
    PFNEGLCHOOSECONFIGPROC ChooseConfig;
    PFNEGLCREATECONTEXTPROC CreateContext;
    if (!load(gpa, &GetPlatformDisplayEXT, "eglGetPlatformDisplayEXT", why)
        || !load(gpa, &Initialize, "eglInitialize", why)
        || !load(gpa, &BindAPI, "eglBindAPI", why)
        || !load(gpa, &ChooseConfig, "eglChooseConfig", why)
        || !load(gpa, &CreateContext, "eglCreateContext", why)
        || !load(gpa, &st.MakeCurrent, "eglMakeCurrent", why)
        || !load(gpa, &st.Terminate, "eglTerminate", why)
        || !load(gpa, &st.DestroyContext, "eglDestroyContext", why)
        || !load(gpa, &st.ReleaseThread, "eglReleaseThread", why))
        return NULL;

    EGLDisplay dpy = GetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA,
                                           EGL_DEFAULT_DISPLAY, NULL);
    EGLint major, minor;
    if (dpy == EGL_NO_DISPLAY || !Initialize(dpy, &major, &minor)) {
        *why = "no EGL surfaceless display (EGL_MESA_platform_surfaceless)";
        return NULL;
    }
    static const EGLint config_attr[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                          EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                          EGL_NONE };
    EGLConfig config;
    EGLint nconfig = 0;
    /* A compatibility context: luminance, alpha and intensity need it. */
    static const EGLint ctx_attr[] = { EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                       EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                                       EGL_NONE };
    EGLContext ctx = EGL_NO_CONTEXT;
    if (BindAPI(EGL_OPENGL_API) && ChooseConfig(dpy, config_attr, &config, 1, &nconfig)
        && nconfig == 1)
        ctx = CreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attr);
    if (ctx == EGL_NO_CONTEXT || !st.MakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        if (ctx != EGL_NO_CONTEXT)
            st.DestroyContext(dpy, ctx);
        st.Terminate(dpy);
        *why = "no desktop GL context on the surfaceless display";
        return NULL;
    }
    st.dpy = dpy;
    st.ctx = ctx;
    st.open = true;

    mesa_gl *gl = &st.gl;
    if (!load(gpa, &gl->GetString, "glGetString", why)
        || !load(gpa, &gl->GetStringi, "glGetStringi", why)
        || !load(gpa, &gl->GetIntegerv, "glGetIntegerv", why)
        || !load(gpa, &gl->GetError, "glGetError", why)
        || !load(gpa, &gl->PixelStorei, "glPixelStorei", why)
        || !load(gpa, &gl->GenTextures, "glGenTextures", why)
        || !load(gpa, &gl->DeleteTextures, "glDeleteTextures", why)
        || !load(gpa, &gl->BindTexture, "glBindTexture", why)
        || !load(gpa, &gl->TexImage2D, "glTexImage2D", why)
        || !load(gpa, &gl->CompressedTexImage2D, "glCompressedTexImage2D", why)
        || !load(gpa, &gl->GetTexImage, "glGetTexImage", why)
        || !load(gpa, &gl->GetTexLevelParameteriv, "glGetTexLevelParameteriv", why)
        || !load_draw(gpa, gl, why) || !load_blend(gpa, gl, why)
        || !load_msaa(gpa, gl, why)) {
        close_context();
        return NULL;
    }
    gl->renderer = (const char *)gl->GetString(GL_RENDERER);
    gl->version = (const char *)gl->GetString(GL_VERSION);
    if (!gl->renderer || !strstr(gl->renderer, driver)) {
        close_context();
        *why = "the GL context is not the Mesa driver asked for";
        return NULL;
    }
    return gl;
}

/* A compiled shader, or 0 with its log. */
static GLuint shader(const mesa_gl *gl, GLenum type, const char *src, char *log, size_t n)
{
    GLuint s = gl->CreateShader(type);
    GLint ok = 0;
    gl->ShaderSource(s, 1, &src, NULL);
    gl->CompileShader(s);
    gl->GetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        gl->GetShaderInfoLog(s, (GLsizei)n, NULL, log);
        gl->DeleteShader(s);
        return 0;
    }
    return s;
}

GLuint mesa_gl_program(const mesa_gl *gl, const char *vs, const char *fs, char *log,
                       size_t n)
{
    if (n)
        log[0] = 0;
    GLuint v = shader(gl, GL_VERTEX_SHADER, vs, log, n);
    GLuint f = v ? shader(gl, GL_FRAGMENT_SHADER, fs, log, n) : 0;
    if (!f) {
        if (v)
            gl->DeleteShader(v);
        return 0;
    }
    GLuint p = gl->CreateProgram();
    GLint ok = 0;
    gl->AttachShader(p, v);
    gl->AttachShader(p, f);
    gl->LinkProgram(p);
    gl->DeleteShader(v);   /* freed with the program */
    gl->DeleteShader(f);
    gl->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        gl->GetProgramInfoLog(p, (GLsizei)n, NULL, log);
        gl->DeleteProgram(p);
        return 0;
    }
    return p;
}

bool mesa_gl_has_extension(const mesa_gl *gl, const char *name)
{
    GLint n = 0;
    gl->GetIntegerv(GL_NUM_EXTENSIONS, &n);
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)gl->GetStringi(GL_EXTENSIONS, (GLuint)i);
        if (e && strcmp(e, name) == 0)
            return true;
    }
    return false;
}

GLuint mesa_gl_float_texture(const mesa_gl *gl, unsigned unit, unsigned w, unsigned h,
                             const float *d)
{
    GLuint t;
    gl->GenTextures(1, &t);
    gl->ActiveTexture(GL_TEXTURE0 + unit);
    gl->BindTexture(GL_TEXTURE_2D, t);
    gl->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei)w, (GLsizei)h, 0, GL_RGBA, GL_FLOAT, d);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
}

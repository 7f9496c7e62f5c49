/* YUV4MPEG2 (Y4M): "YUV4MPEG2 " + space-separated tags + '\n', then per
 * frame "FRAME" [+ ' ' params] + '\n' + the planar payload (Y, U, V).
 * The rules this reader applies are listed in video_io.h. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "video_io.h"

static const char magic[] = "YUV4MPEG2 ";
#define MAGIC_LEN (sizeof magic - 1)

/* C tags, both ways; siting matters only for the 4:2:0 ones.  The first
 * entry of a format is the one written for it (with its siting). */
static const struct {
    const char     *tag;
    enum vio_format format;
    enum vio_siting siting;
} ctags[] = {
    { "420jpeg",  VIO_FMT_I420, VIO_SITING_CENTER },
    { "420mpeg2", VIO_FMT_I420, VIO_SITING_LEFT },
    { "420paldv", VIO_FMT_I420, VIO_SITING_PALDV },
    { "420",      VIO_FMT_I420, VIO_SITING_UNSPECIFIED },
    { "422",      VIO_FMT_I422, VIO_SITING_CENTER },
    { "444",      VIO_FMT_I444, VIO_SITING_CENTER },
    { "411",      VIO_FMT_I411, VIO_SITING_CENTER },
    { "mono",     VIO_FMT_GRAY, VIO_SITING_CENTER },
};
#define NCTAGS (sizeof ctags / sizeof ctags[0])

static const char interlace_chars[] = "ptbm?";   /* by enum vio_interlace */

/* The per-frame I parameter "Ixyz" of Im streams (mjpegtools' yuv4mpeg(5)):
 *   x  presentation: t top field first, T the same with the top field
 *      repeated, b / B bottom field first (repeated), 1 / 2 / 3 a
 *      progressive frame shown once, twice, three times;
 *   y  temporal sampling: p both fields from one instant, i two instants;
 *   z  spatial (chroma) sampling: p progressive, i interlaced, ? unknown. */
static const char itag_x[] = "tTbB123", itag_y[] = "pi", itag_z[] = "pi?";

const char *vio_y4m_ctag(enum vio_format fmt, enum vio_siting siting)
{
    for (size_t i = 0; i < NCTAGS; i++)
        if (ctags[i].format == fmt && (fmt != VIO_FMT_I420 || ctags[i].siting == siting))
            return ctags[i].tag;
    return NULL;
}

size_t vio_y4m_ctag_list(char *buf, size_t cap, unsigned chroma_mask)
{
    size_t n = 0, k = 0, total = 0;
    for (size_t i = 0; i < NCTAGS; i++)
        total += !!(chroma_mask & (1u << vio_format_chroma(ctags[i].format)));
    if (cap)
        buf[0] = 0;
    for (size_t i = 0; i < NCTAGS; i++) {
        if (!(chroma_mask & (1u << vio_format_chroma(ctags[i].format))))
            continue;
        k++;
        const char *sep = k == 1 ? "" : k == total ? " and " : ", ";
        int w = snprintf(buf + (n < cap ? n : cap), n < cap ? cap - n : 0, "%sC%s", sep,
                         ctags[i].tag);
        n += (size_t)(w > 0 ? w : 0);
    }
    return n;
}

enum vio_interlace vio_y4m_itag_interlace(const char *itag)
{
    if (strlen(itag) != 3)
        return VIO_INTERLACE_UNKNOWN;
    if (itag[1] == 'p')
        return VIO_PROGRESSIVE;          /* one instant: nothing to deinterlace */
    if (itag[0] == 't' || itag[0] == 'T')
        return VIO_TFF;
    if (itag[0] == 'b' || itag[0] == 'B')
        return VIO_BFF;
    return VIO_INTERLACE_UNKNOWN;        /* "1i?": two instants, order not given */
}

/* At most 40 bytes of s (n bytes) into out, non-printable ones as \xNN, so
 * that an error message shows garbage without printing it. */
static const char *shown(char out[200], const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n && i < 40; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\\')
            out[o++] = (char)c;
        else
            o += (size_t)snprintf(out + o, 5, "\\x%02x", c);
    }
    if (n > 40)
        memcpy(out + o, "...", 3), o += 3;
    out[o] = 0;
    return out;
}

/* Reads up to cap bytes through '\n' (not stored).  Returns 0, or
 * VIO_E_TRUNCATED (EOF first; *len says how much came), VIO_E_LINE_LONG or
 * VIO_E_IO. */
static int read_line(vio_in *in, char *line, size_t cap, size_t *len)
{
    for (*len = 0; *len < cap; (*len)++) {
        int c = getc(in->fp);
        if (c == EOF)
            return ferror(in->fp) ? VIO_E_IO : VIO_E_TRUNCATED;
        in->offset++;
        if (c == '\n')
            return 0;
        line[*len] = (char)c;
    }
    return VIO_E_LINE_LONG;
}

static int line_fail(vio_in *in, int rc, const char *what, vio_error *err)
{
    unsigned long long at = (unsigned long long)in->offset;
    if (rc == VIO_E_IO)
        return vio_fail(err, rc, "byte %llu: read error in %s: %s", at, what, strerror(errno));
    if (rc == VIO_E_LINE_LONG)
        return vio_fail(err, rc, "byte %llu: %s longer than %d bytes", at, what, VIO_MAX_LINE);
    return vio_fail(err, rc, "byte %llu: input ends inside %s", at, what);
}

/* The first byte of line[0..len) that is a control character (tabs and
 * carriage returns included: tags are separated by single spaces), or -1. */
static long control_char(const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)line[i] < 0x20 || line[i] == 0x7F)
            return (long)i;
    return -1;
}

/* A decimal number 0..INT32_MAX from *s, advancing it. */
static bool parse_num(const char **s, const char *end, uint32_t *v)
{
    const char *p = *s;
    uint64_t n = 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++)
        if ((n = n * 10 + (uint64_t)(*p - '0')) > INT32_MAX)
            return false;
    *v = (uint32_t)n;
    bool ok = p > *s;
    *s = p;
    return ok;
}

/* "N:D" filling the whole value. */
static bool parse_ratio(const char *s, const char *end, uint32_t *n, uint32_t *d)
{
    if (!parse_num(&s, end, n) || s == end || *s++ != ':')
        return false;
    return parse_num(&s, end, d) && s == end;
}

static bool parse_dim(const char *s, const char *end, int *v)
{
    uint32_t n = 0;
    bool ok = parse_num(&s, end, &n) && s == end;
    *v = (int)n;
    return ok;
}

/* One stream header tag; returns false when its value does not parse. */
static bool parse_tag(vio_info *info, const char *tok, const char *end)
{
    const char *v = tok + 1;
    size_t vlen = (size_t)(end - v);
    switch (*tok) {
    case 'W': return parse_dim(v, end, &info->width);
    case 'H': return parse_dim(v, end, &info->height);
    case 'F': return parse_ratio(v, end, &info->fps_num, &info->fps_den)
                     && info->fps_num && info->fps_den;
    /* 0:0 is unknown; N:0 divides by zero */
    case 'A': return parse_ratio(v, end, &info->sar_num, &info->sar_den)
                     && (info->sar_den || !info->sar_num);
    case 'I': {
        const char *c = vlen == 1 ? strchr(interlace_chars, *v) : NULL;
        if (!c || !*v)
            return false;
        info->interlace = (enum vio_interlace)(c - interlace_chars);
        return true;
    }
    case 'X': {
        size_t used = strlen(info->xtags);
        /* fits: the whole header is shorter than xtags */
        if (used)
            info->xtags[used++] = ' ';
        memcpy(info->xtags + used, tok, (size_t)(end - tok));
        info->xtags[used + (size_t)(end - tok)] = 0;
        return true;
    }
    default:   /* other letters are ignored, for later versions of the format */
        return true;
    }
}

static int find_ctag(vio_info *info, const char *v, size_t vlen)
{
    for (size_t i = 0; i < NCTAGS; i++)
        if (strlen(ctags[i].tag) == vlen && !memcmp(ctags[i].tag, v, vlen)) {
            info->format = ctags[i].format;
            info->siting = ctags[i].siting;
            return 0;
        }
    return VIO_E_UNSUPPORTED;
}

/* W and H, each 1..VIO_MAX_DIM, checked here to name the tag's byte. */
static int check_dim(int v, const char *what, unsigned at, vio_error *err)
{
    if (v >= 1 && v <= VIO_MAX_DIM)
        return 0;
    return vio_fail(err, VIO_E_SIZE, "line 1, byte %u: %s %d out of range 1..%d", at, what, v,
                    VIO_MAX_DIM);
}

static int y4m_open(vio_in *in, vio_error *err)
{
    char line[VIO_MAX_LINE], show[200];
    size_t len;
    vio_info *info = &in->info;

    size_t n = fread(line, 1, MAGIC_LEN, in->fp);
    in->offset = n;
    if (n < MAGIC_LEN || memcmp(line, magic, MAGIC_LEN))
        return vio_fail(err, VIO_E_MAGIC, "byte 0: not a Y4M stream (no \"YUV4MPEG2 \")");
    int rc = read_line(in, line, VIO_MAX_LINE - MAGIC_LEN, &len);
    if (rc)
        return line_fail(in, rc, "the stream header", err);
    long bad = control_char(line, len);
    if (bad >= 0)
        return vio_fail(err, VIO_E_BAD_TAG, "line 1, byte %lu: control character 0x%02x in the "
                        "stream header", (unsigned long)(MAGIC_LEN + (size_t)bad),
                        (unsigned char)line[bad]);

    memset(info, 0, sizeof *info);
    info->interlace = VIO_INTERLACE_UNKNOWN;
    unsigned at_w = 0, at_h = 0;
    bool seen_f = false;
    for (const char *tok = line, *end; tok < line + len; tok = end + 1) {
        end = memchr(tok, ' ', (size_t)(line + len - tok));
        if (!end)
            end = line + len;
        if (end == tok)
            continue;
        unsigned at = (unsigned)(MAGIC_LEN + (size_t)(tok - line));
        size_t vlen = (size_t)(end - tok - 1);
        if (*tok < 'A' || *tok > 'Z')
            return vio_fail(err, VIO_E_BAD_TAG, "line 1, byte %u: \"%s\" is not a tag (an "
                            "upper-case letter and its value)", at,
                            shown(show, tok, (size_t)(end - tok)));
        if (*tok == 'C' && find_ctag(info, tok + 1, vlen))
            return vio_fail(err, VIO_E_UNSUPPORTED, "line 1, byte %u: chroma \"C%s\" is not "
                            "supported", at, shown(show, tok + 1, vlen));
        if (!parse_tag(info, tok, end))
            return vio_fail(err, VIO_E_BAD_TAG, "line 1, byte %u: bad %c value \"%s\"", at,
                            *tok, shown(show, tok + 1, vlen));
        at_w = *tok == 'W' ? at : at_w;
        at_h = *tok == 'H' ? at : at_h;
        seen_f |= *tok == 'F';
    }
    if (!at_w || !at_h || !seen_f)
        return vio_fail(err, VIO_E_MISSING_TAG, "line 1: stream header lacks the %s tag",
                        !at_w ? "W (width)" : !at_h ? "H (height)" : "F (frame rate)");
    if ((rc = check_dim(info->width, "width", at_w, err)) ||
        (rc = check_dim(info->height, "height", at_h, err)))
        return rc;
    return 0;
}

/* The parameters of a FRAME line (line[0..len), after "FRAME "; the line
 * starts at byte start): I (Im streams only, there required), X (ignored);
 * anything else is refused. */
static int frame_params(vio_in *in, const char *line, size_t len, unsigned long long start,
                        vio_error *err)
{
    unsigned long long at = start + 6;
    char show[200];
    unsigned long long frame = (unsigned long long)in->frames + 1;
    bool mixed = in->info.interlace == VIO_MIXED;
    vio_frame_info *fi = &in->frame_info;
    long bad = control_char(line, len);
    if (bad >= 0)
        return vio_fail(err, VIO_E_BAD_TAG, "frame %llu, byte %llu: control character 0x%02x "
                        "in the FRAME line", frame, at + (unsigned long long)bad,
                        (unsigned char)line[bad]);
    fi->itag[0] = 0;
    for (const char *tok = line, *end; tok < line + len; tok = end + 1) {
        end = memchr(tok, ' ', (size_t)(line + len - tok));
        if (!end)
            end = line + len;
        if (end == tok || *tok == 'X')
            continue;
        unsigned long long tat = at + (unsigned long long)(tok - line);
        size_t tlen = (size_t)(end - tok);
        if (*tok != 'I')
            return vio_fail(err, VIO_E_BAD_TAG, "frame %llu, byte %llu: unknown FRAME parameter "
                            "\"%s\" (only I and X are defined)", frame, tat,
                            shown(show, tok, tlen));
        if (!mixed)
            return vio_fail(err, VIO_E_BAD_TAG, "frame %llu, byte %llu: FRAME parameter \"%s\" "
                            "in a stream whose header is not Im (mixed)", frame, tat,
                            shown(show, tok, tlen));
        if (tlen != 4 || !strchr(itag_x, tok[1]) || !strchr(itag_y, tok[2]) ||
            !strchr(itag_z, tok[3]) || !tok[1] || !tok[2] || !tok[3])
            return vio_fail(err, VIO_E_BAD_TAG, "frame %llu, byte %llu: bad FRAME parameter "
                            "\"%s\" (want Ixyz: x one of %s, y one of %s, z one of %s)", frame,
                            tat, shown(show, tok, tlen), itag_x, itag_y, itag_z);
        memcpy(fi->itag, tok + 1, 3);
        fi->itag[3] = 0;
    }
    if (mixed && !fi->itag[0])
        return vio_fail(err, VIO_E_BAD_TAG, "frame %llu, byte %llu: no I parameter on the FRAME "
                        "line of an Im (mixed) stream", frame, start);
    fi->interlace = mixed ? vio_y4m_itag_interlace(fi->itag) : in->info.interlace;
    return 0;
}

/* "FRAME", then '\n' or ' ' + parameters + '\n'. */
static int y4m_read(vio_in *in, vio_error *err)
{
    char line[VIO_MAX_LINE];
    char what[64];
    size_t len = 0;
    unsigned long long at = (unsigned long long)in->offset;
    snprintf(what, sizeof what, "the FRAME line of frame %llu",
             (unsigned long long)in->frames + 1);

    size_t n = fread(line, 1, 5, in->fp);
    in->offset += n;
    if (n == 0 && !ferror(in->fp))
        return 0;   /* the end of the stream, at a frame boundary */
    if (n < 5)
        return line_fail(in, ferror(in->fp) ? VIO_E_IO : VIO_E_TRUNCATED, what, err);
    int c = memcmp(line, "FRAME", 5) ? 0 : getc(in->fp);
    if (c == EOF)
        return line_fail(in, ferror(in->fp) ? VIO_E_IO : VIO_E_TRUNCATED, what, err);
    if (c != '\n' && c != ' ')
        return vio_fail(err, VIO_E_FRAME_MARK, "frame %llu, byte %llu: no \"FRAME\" marker "
                        "(a frame size that does not match the header?)",
                        (unsigned long long)in->frames + 1, at);
    in->offset++;
    int rc = c == ' ' ? read_line(in, line, VIO_MAX_LINE - 6, &len) : 0;
    if (rc)
        return line_fail(in, rc, what, err);
    return (rc = frame_params(in, line, len, at, err)) ? rc : 1;
}

static int y4m_write_header(vio_out *out, vio_error *err)
{
    const vio_info *info = &out->info;
    const char *ctag = vio_y4m_ctag(info->format, info->siting);
    if (!ctag)
        return vio_fail(err, VIO_E_ARG, "y4m output: %s is not a Y4M layout (use a planar one)",
                        vio_format_name(info->format));
    size_t xlen = strnlen(info->xtags, sizeof info->xtags);
    if (xlen == sizeof info->xtags || memchr(info->xtags, '\n', xlen))
        return vio_fail(err, VIO_E_ARG, "y4m output: X tags unterminated or with a newline");

    char head[VIO_MAX_LINE + 128];
    int n = snprintf(head, sizeof head, "%sW%d H%d F%u:%u I%c A%u:%u C%s%s%s\n", magic,
                     info->width, info->height, info->fps_num, info->fps_den,
                     interlace_chars[info->interlace], info->sar_num, info->sar_den, ctag,
                     xlen ? " " : "", info->xtags);
    if (n > VIO_MAX_LINE)   /* a reader would refuse it */
        return vio_fail(err, VIO_E_ARG, "y4m output: header longer than %d bytes", VIO_MAX_LINE);
    return vio_write_all(out->fp, head, (size_t)n, err);
}

/* "FRAME\n", or in an Im stream "FRAME Ixyz\n" from out->frame_info. */
static int y4m_write_frame(vio_out *out, vio_error *err)
{
    if (out->info.interlace != VIO_MIXED)
        return vio_write_all(out->fp, "FRAME\n", 6, err);
    const char *t = out->frame_info.itag;
    if (strlen(t) != 3 || !strchr(itag_x, t[0]) || !strchr(itag_y, t[1]) ||
        !strchr(itag_z, t[2]))
        return vio_fail(err, VIO_E_ARG, "frame %llu: an Im stream needs the frame's I "
                        "parameter (Ixyz)", (unsigned long long)out->frames + 1);
    char line[16];
    int n = snprintf(line, sizeof line, "FRAME I%s\n", t);
    return vio_write_all(out->fp, line, (size_t)n, err);
}

const vio_demuxer vio_y4m_demuxer = { "y4m", y4m_open, y4m_read };
const vio_muxer   vio_y4m_muxer   = { "y4m", y4m_write_header, y4m_write_frame };

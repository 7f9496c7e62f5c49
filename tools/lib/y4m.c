/* YUV4MPEG2 (Y4M): "YUV4MPEG2 " + space-separated tags + '\n', then per
 * frame "FRAME" [+ ' ' params] + '\n' + the planar payload (Y, U, V). */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "video_io.h"

static const char magic[] = "YUV4MPEG2 ";
#define MAGIC_LEN (sizeof magic - 1)

/* C tags, both ways; siting matters only for the 4:2:0 ones. */
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

static const char interlace_chars[] = "ptbm?";   /* by enum vio_interlace */

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

/* One tag; returns false when its value does not parse. */
static bool parse_tag(vio_info *info, const char *tok, const char *end)
{
    const char *v = tok + 1;
    size_t vlen = (size_t)(end - v);
    switch (*tok) {
    case 'W': return parse_dim(v, end, &info->width);
    case 'H': return parse_dim(v, end, &info->height);
    case 'F': return parse_ratio(v, end, &info->fps_num, &info->fps_den)
                     && info->fps_num && info->fps_den;
    case 'A': return parse_ratio(v, end, &info->sar_num, &info->sar_den);
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
    default:   /* unknown tags are ignored, for later versions of the format */
        return true;
    }
}

static int find_ctag(vio_info *info, const char *v, size_t vlen)
{
    for (size_t i = 0; i < sizeof ctags / sizeof ctags[0]; i++)
        if (strlen(ctags[i].tag) == vlen && !memcmp(ctags[i].tag, v, vlen)) {
            info->format = ctags[i].format;
            info->siting = ctags[i].siting;
            return 0;
        }
    return VIO_E_UNSUPPORTED;
}

static int y4m_open(vio_in *in, vio_error *err)
{
    char line[VIO_MAX_LINE];
    size_t len;
    vio_info *info = &in->info;

    size_t n = fread(line, 1, MAGIC_LEN, in->fp);
    in->offset = n;
    if (n < MAGIC_LEN || memcmp(line, magic, MAGIC_LEN))
        return vio_fail(err, VIO_E_MAGIC, "byte 0: not a Y4M stream (no \"YUV4MPEG2 \")");
    int rc = read_line(in, line, VIO_MAX_LINE - MAGIC_LEN, &len);
    if (rc)
        return line_fail(in, rc, "the stream header", err);

    memset(info, 0, sizeof *info);
    info->interlace = VIO_INTERLACE_UNKNOWN;
    bool seen_w = false, seen_h = false, seen_f = false;
    for (const char *tok = line, *end; tok < line + len; tok = end + 1) {
        end = memchr(tok, ' ', (size_t)(line + len - tok));
        if (!end)
            end = line + len;
        if (end == tok)
            continue;
        unsigned at = (unsigned)(MAGIC_LEN + (size_t)(tok - line));
        int vlen = (int)(end - tok - 1);
        if (*tok == 'C' && find_ctag(info, tok + 1, (size_t)vlen))
            return vio_fail(err, VIO_E_UNSUPPORTED, "line 1, byte %u: chroma \"%.*s\" is not "
                            "supported (420jpeg, 420mpeg2, 420paldv, 420, 422, 444, 411, "
                            "mono)", at, vlen, tok + 1);
        if (!parse_tag(info, tok, end))
            return vio_fail(err, VIO_E_BAD_TAG, "line 1, byte %u: bad %c value \"%.*s\"",
                            at, *tok, vlen, tok + 1);
        seen_w |= *tok == 'W';
        seen_h |= *tok == 'H';
        seen_f |= *tok == 'F';
    }
    if (!seen_w || !seen_h || !seen_f)
        return vio_fail(err, VIO_E_MISSING_TAG, "line 1: stream header lacks the %s tag",
                        !seen_w ? "W (width)" : !seen_h ? "H (height)" : "F (frame rate)");
    return 0;
}

/* "FRAME", then '\n' or ' ' + parameters (skipped) + '\n'. */
static int y4m_read(vio_in *in, vio_error *err)
{
    char line[VIO_MAX_LINE];
    char what[64];
    size_t len;
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
    return rc ? line_fail(in, rc, what, err) : 1;
}

static int y4m_write_header(vio_out *out, vio_error *err)
{
    const vio_info *info = &out->info;
    const char *ctag = NULL;
    for (size_t i = 0; i < sizeof ctags / sizeof ctags[0] && !ctag; i++)
        if (ctags[i].format == info->format
            && (info->format != VIO_FMT_I420 || ctags[i].siting == info->siting))
            ctag = ctags[i].tag;
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

static int y4m_write_frame(vio_out *out, vio_error *err)
{
    return vio_write_all(out->fp, "FRAME\n", 6, err);
}

const vio_demuxer vio_y4m_demuxer = { "y4m", y4m_open, y4m_read };
const vio_muxer   vio_y4m_muxer   = { "y4m", y4m_write_header, y4m_write_frame };

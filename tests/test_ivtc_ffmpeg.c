/* Inverse telecine against FFmpeg's fieldmatch,decimate (fieldmatch alone
 * on 2:2, where decimate's 1-in-5 would drop film frames), on clips with a
 * known truth: exact film frames in order, from the first frame.  Printed,
 * not asserted (test_ivtc asserts ours); skipped without ffmpeg. */
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"
#include "ivtc_clip.h"

static const char *path(const char *name)
{
    return t_scratch_path("ivtc_", name);
}

static bool have_ffmpeg(void)
{
    return system("ffmpeg -version > /dev/null 2>&1") == 0;
}

static const struct {
    const char *name;
    int w, h;
    bool tff;
    const char *sections;
    const char *filter;
} clips[] = {
    { "480 lines 3:2", 720, 480, true, "film:20", "fieldmatch,decimate" },
    { "1080 lines smooth 3:2", 1920, 1080, true, "smooth:16", "fieldmatch,decimate" },
    { "fast pan 3:2", 352, 288, true, "fast:20", "fieldmatch,decimate" },
    { "edits (phase jumps)", 352, 288, true, "film:13 film:11 film:12", "fieldmatch,decimate" },
    { "3:2 noise sigma 8", 720, 480, true, "film:20:8", "fieldmatch,decimate" },
    { "1080 smooth sigma 8", 1920, 1080, false, "smooth:12:8", "fieldmatch,decimate" },
    { "film/pan/film", 352, 288, true, "film:14 pan:8 film:14", "fieldmatch,decimate" },
    { "2:2 bff", 352, 288, false, "film22:16", "fieldmatch" },
};

TEST(ivtc_against_fieldmatch_decimate)
{
    if (!have_ffmpeg())
        SKIP("ffmpeg not installed: no fieldmatch,decimate comparison");
    printf("  %-22s  %-28s  %s\n", "clip", "gen7sf --rate=film", "ffmpeg");
    int ahead = 0, equal = 0;
    for (size_t i = 0; i < sizeof clips / sizeof clips[0]; i++) {
        ivtc_clip k;
        ivtc_sink ours = { 0 }, ff = { 0 };
        CHECKF(ivtc_make_clip(&k, clips[i].w, clips[i].h, clips[i].tff, clips[i].sections),
               "%s: clip", clips[i].name);
        CHECK_EQ(ivtc_run(&k, G7SF_VPP_RATE_FILM, &ours), 0);
        CHECK_EQ(ivtc_write_y4m(&k, path("in.y4m")), 0);
        char cmd[1024];
        snprintf(cmd, sizeof cmd,
                 "ffmpeg -nostdin -v error -y -i %s -vf %s -pix_fmt yuv420p -f yuv4mpegpipe %s",
                 path("in.y4m"), clips[i].filter, path("out.y4m"));
        int rc = system(cmd);
        CHECKF(rc == 0 && ivtc_read_y4m(&k, path("out.y4m"), &ff) == 0, "%s: ffmpeg %s failed",
               clips[i].name, clips[i].filter);
        ivtc_score a = ivtc_score_film(&k, &ours, false), b = ivtc_score_film(&k, &ff, false);
        char sa[64], sb[64];
        snprintf(sa, sizeof sa, "%ld/%ld exact, %ld outputs", a.exact, a.film_frames, a.outputs);
        snprintf(sb, sizeof sb, "%ld/%ld exact, %ld outputs", b.exact, b.film_frames, b.outputs);
        printf("  %-22s  %-28s  %s\n", clips[i].name, sa, sb);
        ahead += a.exact > b.exact, equal += a.exact == b.exact;
        synth_seq_free(&ours.out);
        synth_seq_free(&ff.out);
        synth_clip_free(&k.c);
    }
    printf("  gen7sf ahead on %d clips, equal on %d, behind on %d (film frames exact in order)\n",
           ahead, equal, (int)(sizeof clips / sizeof clips[0]) - ahead - equal);
    remove(path("in.y4m")), remove(path("out.y4m"));
}

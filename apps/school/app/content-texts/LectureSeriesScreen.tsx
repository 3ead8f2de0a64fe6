import { useLoaderData } from "@remix-run/react";
import type { components } from "@repo/api-client/schema";
import { languageName } from "@repo/contracts/languages";
import { classLabel } from "@repo/contracts/students-constants";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Embed } from "@repo/ui/embed";
import { EmptyState } from "@repo/ui/empty-state";
import { formatDate } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useState } from "react";
import type { lectureSeriesLoader } from "./content-texts.server";

type Lecture = components["schemas"]["LectureSeriesItem"];

/**
 * One lecture. The player (youtube-nocookie or Vimeo without tracking) is loaded only when the
 * reader presses Play, so the page stays light and no video site is contacted before that.
 */
function LectureCard({ lecture }: { lecture: Lecture }) {
  const [playing, setPlaying] = useState(false);
  const facts = [
    formatDate(lecture.lecture_date),
    lecture.speaker,
    lecture.class_level ? `Class ${classLabel(lecture.class_level)}` : "All classes",
    languageName(lecture.language),
  ].join(" · ");
  return (
    <Card title={lecture.title} headingLevel={3}>
      <Stack gap={3}>
        <Text tone="muted">{facts}</Text>
        {playing && lecture.embed_url ? (
          <Embed>
            <iframe
              src={lecture.embed_url}
              title={`Video: ${lecture.title}`}
              allow="encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </Embed>
        ) : null}
        <Stack direction="row" gap={3}>
          {lecture.embed_url && !playing ? (
            <Button onClick={() => setPlaying(true)} aria-label={`Play here: ${lecture.title}`}>
              Play here
            </Button>
          ) : null}
          <Button asChild variant="light">
            <a
              href={lecture.video_url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open the video: ${lecture.title}`}
            >
              Open the video
            </a>
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** go-to-student-lecture-series: the programme's recorded lectures, newest first. */
export function LectureSeriesScreen() {
  const { lectures, failure } = useLoaderData<typeof lectureSeriesLoader>();
  useListFailureWarning(failure, "Lecture series list not found");
  if (lectures.length === 0) {
    return (
      <Card title="Student lecture series">
        <EmptyState icon="book" title="No lectures yet" description="Recorded lectures for students appear here." />
      </Card>
    );
  }
  return (
    <Grid minItemWidth={320}>
      {lectures.map((lecture) => (
        <LectureCard key={lecture.id} lecture={lecture} />
      ))}
    </Grid>
  );
}

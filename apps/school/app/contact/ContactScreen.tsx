import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "@repo/contracts/content-notices-constants";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Grid } from "@repo/ui/grid";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { Textarea } from "@repo/ui/textarea";
import { StaticPageText } from "../static-pages/StaticPageText";
import type { ContactActionData, contactLoader } from "./contact.server";

const recipientsInWords = (sentTo: NonNullable<ContactActionData["sentTo"]>) =>
  sentTo.map((r) => (r.region ? `${r.role_name} (${r.region})` : r.role_name)).join(", ");

/**
 * The programme's contact text and a form that reaches the coordinators of the school's region.
 * A plain form: it works before the page's script has loaded, and the server checks it.
 */
export function ContactScreen() {
  const { csrf, page, failure } = useLoaderData<typeof contactLoader>();
  const answer = useActionData<ContactActionData>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const errorOf = (field: string) => answer?.errors?.find((e) => e.field === field)?.message;
  // After a successful send the form starts empty again (a new key remounts it).
  const formKey = answer?.ok ? `sent-${answer.message}-${answer.sentTo?.length}` : "form";

  return (
    <Grid minItemWidth={360} gap={5}>
      <Card title="Contact">
        <StaticPageText page={page} failure={failure} />
      </Card>
      <Card
        title="Send us a message"
        description="It goes by e-mail to the coordinator of your region; replies come to your school's e-mail address."
      >
        <Form method="post" key={formKey} noValidate>
          <input type="hidden" name="csrf" value={csrf} />
          <Stack gap={4}>
            {answer ? (
              <Text role={answer.ok ? "status" : "alert"} tone={answer.ok ? "success" : "danger"}>
                {answer.ok && answer.sentTo
                  ? `${answer.message} to ${recipientsInWords(answer.sentTo)}.`
                  : answer.message}
              </Text>
            ) : null}
            <TextField
              name="subject"
              label="Subject"
              required
              maxLength={CONTACT_SUBJECT_MAX}
              error={errorOf("subject")}
              autoComplete="off"
            />
            <Textarea
              name="message"
              label="Message"
              required
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX}
              error={errorOf("message")}
            />
            <TextField
              name="phone"
              label="Phone (optional)"
              type="tel"
              autoComplete="tel"
              hint="If you would like a call back"
              error={errorOf("phone")}
            />
            <Stack direction="row" justify="end">
              <Button type="submit" loading={sending}>
                Send message
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Card>
    </Grid>
  );
}

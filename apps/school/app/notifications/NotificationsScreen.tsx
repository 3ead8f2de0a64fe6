import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { formatDateTime } from "@repo/ui/format";
import { NoticeItem, NoticeList, NoticeTitleButton } from "@repo/ui/notice-list";
import { Pagination } from "@repo/ui/pagination";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { Notification, NotificationsActionData, notificationsLoader } from "./notifications.server";

function NotificationRow({ item, open, csrf }: { item: Notification; open: boolean; csrf: string }) {
  const unread = item.read_at === null;
  return (
    <NoticeItem
      unread={unread}
      meta={formatDateTime(item.publish_from)}
      title={
        <Form method="post" preventScrollReset>
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={item.id} />
          <NoticeTitleButton type="submit" unread={unread} aria-expanded={open}>
            {item.title}
          </NoticeTitleButton>
        </Form>
      }
    >
      {open ? <RichTextView html={item.body} /> : null}
    </NoticeItem>
  );
}

/** The school's notifications: newest first, unread marked, one open at a time, "mark all read". */
export function NotificationsScreen() {
  const data = useLoaderData<typeof notificationsLoader>();
  const answer = useActionData<NotificationsActionData>();
  const navigation = useNavigation();
  const [params, setParams] = useSearchParams();
  const markAll =
    data.unread > 0 ? (
      <Form method="post">
        <input type="hidden" name="csrf" value={data.csrf} />
        <input type="hidden" name="intent" value="read-all" />
        <Button type="submit" variant="light" size="sm" loading={navigation.formData?.get("intent") === "read-all"}>
          Mark all read
        </Button>
      </Form>
    ) : undefined;

  if (data.failure) {
    return (
      <Card title="Notifications">
        <EmptyState
          icon="warning"
          tone="danger"
          title="Your notifications could not be loaded"
          description={data.failure}
          action={
            <Button asChild>
              <Link to=".">Try again</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Card
      title="Notifications"
      description={data.unread > 0 ? `${data.unread} unread of ${data.total}` : "You have read them all."}
      headerActions={markAll}
    >
      <Stack gap={4}>
        {answer ? (
          <Text role="status" tone={answer.ok ? "success" : "danger"}>
            {answer.message}
          </Text>
        ) : null}
        {data.items.length === 0 ? (
          <EmptyState
            icon="bell"
            title="No notifications yet"
            description="Notices from the programme team for your school appear here."
          />
        ) : (
          <NoticeList label="Notifications">
            {data.items.map((item) => (
              <NotificationRow key={item.id} item={item} open={item.id === data.open} csrf={data.csrf} />
            ))}
          </NoticeList>
        )}
        <Pagination
          page={data.page}
          pageCount={data.lastPage}
          label="Notification pages"
          onPageChange={(page) => {
            const next = new URLSearchParams(params);
            next.set("page", String(page));
            next.delete("open");
            setParams(next);
          }}
        />
      </Stack>
    </Card>
  );
}

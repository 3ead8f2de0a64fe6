import { useFetcher, useLoaderData } from "@remix-run/react";
import { LANGUAGES, languageName } from "@repo/contracts/languages";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Switch } from "@repo/ui/switch";
import { Toolbar } from "@repo/ui/toolbar";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { lazy, Suspense, useEffect, useState } from "react";
import type { EditorStart } from "./TemplateEditorDialog";
import type { TemplateActionData, TemplateRow, templatesLoader } from "./templates.server";

// The editor (Quill, the preview) loads when it first opens.
const TemplateEditorDialog = lazy(() => import("./TemplateEditorDialog"));

/** The mail templates: list, create, edit with preview, languages and versions, enable or disable. */
export function TemplatesScreen() {
  const data = useLoaderData<typeof templatesLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const toggler = useFetcher<TemplateActionData>();
  const [creating, setCreating] = useState<EditorStart | null>(null);
  const query = parseTableQuery(params);
  const listStatus = useListStatus();

  useListFailureWarning(data.failure, "Templates list not found");
  useEffect(() => {
    if (toggler.state === "idle" && toggler.data && !toggler.data.ok) void dialogs.error(toggler.data.message);
  }, [toggler.state, toggler.data, dialogs]);

  // Opening a template keeps the list's page.
  const update = (changes: Record<string, string | null>) => filter(changes, { keepPage: "template" in changes });

  const columns: DataTableColumn<TemplateRow>[] = [
    {
      id: "name",
      header: "Template",
      cell: (row) => (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => update({ template: String(row.id) })}
          aria-label={`Edit ${row.name} (${languageName(row.language)})`}
        >
          {row.name}
        </Button>
      ),
    },
    { id: "key", header: "Key", cell: (row) => row.key },
    { id: "language", header: "Language", cell: (row) => languageName(row.language) },
    { id: "version", header: "Version", align: "end", cell: (row) => row.version },
    { id: "variables", header: "Variables", cell: (row) => row.variables.join(", ") },
    {
      id: "built-in",
      header: "Kind",
      cell: (row) => (row.built_in ? <Badge tone="info">Built in</Badge> : <Badge tone="neutral">Own</Badge>),
    },
    { id: "updated", header: "Updated", cell: (row) => formatDateTime(row.updated_at) },
    {
      id: "enabled",
      header: "Enabled",
      cell: (row) => (
        <Switch
          label={
            <VisuallyHidden>
              Enabled: {row.name} ({languageName(row.language)})
            </VisuallyHidden>
          }
          checked={row.enabled}
          onChange={(event) =>
            toggler.submit(
              { intent: "enable", id: String(row.id), enabled: String(event.target.checked), csrf: data.csrf },
              { method: "post" },
            )
          }
        />
      ),
    },
  ];

  const editing: EditorStart | null = data.detail ? { kind: "edit", template: data.detail } : creating;
  const activeFilters = (params.get("language") ? 1 : 0) + (params.get("enabled") ? 1 : 0);

  return (
    <Stack gap={5}>
      <Card title="Templates" description="Every mail the portal sends starts from one of these, per language." flush>
        <DataTable
          label="Templates"
          columns={columns}
          rows={data.rows}
          rowKey={(row) => String(row.id)}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Search templates"
          actions={
            <Toolbar
              filters={
                <Stack gap={4}>
                  <Select
                    label="Language"
                    placeholder="All languages"
                    options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
                    value={params.get("language") ?? ""}
                    onChange={(event) => update({ language: event.target.value || null })}
                  />
                  <Select
                    label="Status"
                    placeholder="Enabled and disabled"
                    options={[
                      { value: "true", label: "Enabled" },
                      { value: "false", label: "Disabled" },
                    ]}
                    value={params.get("enabled") ?? ""}
                    onChange={(event) => update({ enabled: event.target.value || null })}
                  />
                </Stack>
              }
              activeFilters={activeFilters}
              onResetFilters={() => update({ language: null, enabled: null })}
              create={{ label: "Create", onClick: () => setCreating({ kind: "create" }) }}
            />
          }
          emptyTitle={query.search || activeFilters ? "No templates match" : "No templates yet"}
          emptyDescription={
            query.search || activeFilters ? "Try another search or clear the filters." : "Create the first template."
          }
        />
      </Card>
      {editing ? (
        <Suspense fallback={null}>
          <TemplateEditorDialog
            key={editing.kind === "edit" ? `edit-${editing.template.id}` : `create-${editing.from?.id ?? "new"}`}
            start={editing}
            csrf={data.csrf}
            onClose={() => {
              setCreating(null);
              if (data.detail) update({ template: null });
            }}
            onAddLanguage={(from) => {
              update({ template: null });
              setCreating({ kind: "create", from });
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

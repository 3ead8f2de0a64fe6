import { useLoaderData } from "@remix-run/react";
import { languageName } from "@repo/contracts/languages";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { PersonCell } from "@repo/remix-app/lists/person-cell";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { lazy, Suspense, useState } from "react";
import type { PanelMemberRow, panelMembersLoader } from "./panel-members.server";

// The form (react-hook-form, the multi-select) loads when the dialog first opens.
const PanelMemberDialog = lazy(() => import("./PanelMemberDialog"));

type LoaderData = Awaited<ReturnType<typeof panelMembersLoader>>;
const noop = () => undefined;

/**
 * Who writes in which subjects and who translates into which languages: a subject panel user
 * sees and writes questions of its subjects only, a translator translates into its languages only.
 */
export function PanelMembersScreen() {
  const data = useLoaderData<LoaderData>();
  const [editing, setEditing] = useState<PanelMemberRow | null>(null);
  useListFailureWarning(data.failure, "Panel members not found");
  const subjectName = (id: number) => data.subjects.find((s) => s.value === String(id))?.label ?? `Subject ${id}`;

  const columns = (kind: "subjects" | "languages"): DataTableColumn<PanelMemberRow>[] => [
    { id: "name", header: "Name", cell: (m) => <PersonCell name={m.name} username={m.username} /> },
    {
      id: kind,
      header: kind === "subjects" ? "Subjects" : "Languages",
      cell: (m) => {
        const names = kind === "subjects" ? m.subject_ids.map(subjectName) : m.languages.map(languageName);
        return names.length ? names.join(", ") : <Badge tone="warning">None yet</Badge>;
      },
    },
    {
      id: "status",
      header: "Sign-in",
      cell: (m) =>
        m.is_active ? <Badge tone="success">Can sign in</Badge> : <Badge tone="neutral">Switched off</Badge>,
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (m) => (
        <Button
          size="sm"
          variant="light"
          icon={<Icon name="edit" size={16} />}
          onClick={() => setEditing(m)}
          aria-label={`Edit ${kind} of ${m.name}`}
        >
          Edit
        </Button>
      ),
    },
  ];

  const table = (label: string, rows: PanelMemberRow[], kind: "subjects" | "languages") => (
    <DataTable
      label={label}
      columns={columns(kind)}
      rows={rows}
      rowKey={(m) => String(m.id)}
      total={rows.length}
      query={{ ...DEFAULT_QUERY, perPage: 100 }}
      onQueryChange={noop}
      searchable={false}
      emptyTitle={`No ${label.toLowerCase()} yet`}
    />
  );

  return (
    <Stack gap={5}>
      <Card title="Subject panel" description="Each subject panel user writes and sees questions of its subjects only.">
        {table("Subject panel", data.subjectPanel, "subjects")}
      </Card>
      <Card title="Translators" description="Each translator translates questions into its languages only.">
        {table("Translators", data.translators, "languages")}
      </Card>
      {editing ? (
        <Suspense fallback={null}>
          <PanelMemberDialog
            member={editing}
            subjects={data.subjects}
            csrf={data.csrf}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

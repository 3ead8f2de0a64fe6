// @vitest-environment happy-dom
import { Form, useZodForm } from "@repo/ui/form";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { RegionFields } from "./RegionFields";

const schema = z.object({ zone_id: z.string(), state_id: z.string(), prant_id: z.string(), district_id: z.string() });
const option = (value: string, label: string) => ({ value, label });

function Place({ chosen }: { chosen: z.infer<typeof schema> }) {
  const form = useZodForm(schema, { defaultValues: chosen });
  return (
    <Form form={form} onSubmit={() => {}} aria-label="Place">
      <RegionFields
        levels={["zone", "state", "prant", "district"]}
        options={{
          zone: [option("1", "West Zone"), option("2", "East Zone")],
          state: [option("10", "Maharashtra")],
          prant: [option("100", "Konkan")],
          district: [option("7", "Pune")],
        }}
        optional={["prant", "district"]}
      />
    </Form>
  );
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

afterEach(cleanup);

describe("RegionFields", () => {
  it("names each field after its level and says which ones may be missing", () => {
    render(<Place chosen={{ zone_id: "", state_id: "", prant_id: "", district_id: "" }} />);
    expect(["Zone", "State", "Prant", "District"].map((label) => select(label).name)).toEqual([
      "zone_id",
      "state_id",
      "prant_id",
      "district_id",
    ]);
    expect(select("Zone").options[0]?.textContent).toBe("Select the zone");
    expect(select("Prant").options[0]?.textContent).toBe("Select the prant (if listed)");
  });

  it("empties the fields below a new choice and keeps the ones above", () => {
    render(<Place chosen={{ zone_id: "1", state_id: "10", prant_id: "100", district_id: "7" }} />);
    fireEvent.change(select("Prant"), { target: { value: "" } });
    expect([select("Zone").value, select("State").value, select("District").value]).toEqual(["1", "10", ""]);
    fireEvent.change(select("Prant"), { target: { value: "100" } });
    fireEvent.change(select("District"), { target: { value: "7" } });
    fireEvent.change(select("Zone"), { target: { value: "2" } });
    expect(["Zone", "State", "Prant", "District"].map((label) => select(label).value)).toEqual(["2", "", "", ""]);
  });
});

import { useFetcher } from "@remix-run/react";
import { instituteSchoolBody } from "@repo/contracts/master-institutes";
import { schoolRegistrationBody } from "@repo/contracts/schools";
import { SCHOOL_BOARDS, SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { RegionFields } from "@repo/remix-app/forms/region-fields";
import { Button } from "@repo/ui/button";
import {
  Form,
  FormPasswordField,
  FormSelect,
  FormSubmit,
  FormTextarea,
  FormTextField,
  useHydrated,
  useZodForm,
} from "@repo/ui/form";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useEffect, useState } from "react";
import type { RegionChoices, RegionOption, RegisterActionData, UsernameCheck } from "./register.server";
import { useRegionOptions } from "./use-region-options";

interface Props {
  countries: RegionOption[];
  /** The first country's zones, listed by the server (see firstPickers). */
  zones?: RegionOption[];
  countriesFailure: string | null;
  onRegistered: (result: { email: string; message: string }) => void;
  /**
   * `register`: the public form (password twice). `institute`: a master institute adding one of
   * its schools (the password may stay empty: the portal makes one and mails it), posted to `action`.
   */
  variant?: "register" | "institute";
  action?: string;
  /** The signed-in form's CSRF token (the public form has no session). */
  csrf?: string;
}

const toOptions = (items: readonly { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

const EMPTY = {
  school_name: "",
  category_id: "",
  board_id: "",
  address: "",
  pincode: "",
  zone_id: "",
  state_id: "",
  prant_id: "",
  district_id: "",
  city_id: "",
  contact_name: "",
  contact_phone: "",
  email: "",
  username: "",
  password: "",
  confirm_password: "",
};
type Values = typeof EMPTY;

/**
 * The registration form, checked with the API's own schema as the user types (messages once a
 * field is touched). The region pickers narrow each other; the username is checked as it is typed.
 */
export default function RegisterForm({
  countries,
  zones: firstZones,
  countriesFailure,
  onRegistered,
  variant = "register",
  action = "/register",
  csrf,
}: Props) {
  const byInstitute = variant === "institute";
  const { confirm_password: _confirm, ...instituteDefaults } = EMPTY;
  // Both schemas take the same fields; the institute's has no confirmation and an optional password.
  const fetcher = useFetcher<RegisterActionData>();
  // A refused post (with or without JavaScript) comes back with what was typed.
  const answer = useFormAnswer(fetcher);
  const [posted] = useState(answer);
  const typed = Object.fromEntries(Object.entries(posted?.values ?? {}).filter(([name]) => name in EMPTY));
  const form = useZodForm(
    (byInstitute ? instituteSchoolBody : schoolRegistrationBody) as typeof schoolRegistrationBody,
    { defaultValues: { ...(byInstitute ? (instituteDefaults as Values) : EMPTY), ...typed } },
  );
  const checker = useFetcher<UsernameCheck>();
  const hydrated = useHydrated();
  // India is the usual answer; the Gulf countries lead to the GCC zone.
  const [countryId, setCountryId] = useState(
    posted?.values?.country_id || (countries[0] ? String(countries[0].id) : ""),
  );
  const values = form.watch() as Values;
  const listed: RegionChoices = posted?.regions ?? { zone: firstZones };

  const zones = useRegionOptions("zone", countryId ? { country_id: countryId } : null, listed.zone);
  const states = useRegionOptions(
    "state",
    values.zone_id ? { parent_id: values.zone_id, ...(countryId ? { country_id: countryId } : {}) } : null,
    listed.state,
  );
  const prants = useRegionOptions("prant", values.state_id ? { parent_id: values.state_id } : null, listed.prant);
  const districts = useRegionOptions(
    "district",
    values.prant_id ? { parent_id: values.prant_id } : null,
    listed.district,
  );
  const cities = useRegionOptions("city", values.district_id ? { parent_id: values.district_id } : null, listed.city);

  useEffect(() => {
    const subscription = form.watch((_all, { name }) => {
      if (name === "password" && form.getFieldState("confirm_password").isDirty) void form.trigger("confirm_password");
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // The username is checked once the user pauses typing a valid one.
  const { submit: check } = checker;
  const username = values.username.trim();
  useEffect(() => {
    if (username.length < 3) return;
    const timer = window.setTimeout(
      () => check({ username }, { method: "post", action: "/register/check-username" }),
      400,
    );
    return () => window.clearTimeout(timer);
  }, [username, check]);
  const usernameAnswer = checker.data?.username === username ? checker.data : undefined;
  useEffect(() => {
    if (usernameAnswer?.available === false) form.setError("username", { message: usernameAnswer.message });
  }, [usernameAnswer, form]);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onRegistered({ email: answer.email ?? values.email, message: answer.message });
      return;
    }
    for (const error of answer.errors ?? []) {
      if (error.field in EMPTY) form.setError(error.field as keyof Values, { message: error.message });
    }
  });
  const placed = (answer?.errors ?? []).some((error) => error.field in EMPTY);

  return (
    <Form
      form={form}
      action={action}
      errors={answer?.errors}
      aria-label={byInstitute ? "New school" : "School registration"}
      onSubmit={() =>
        fetcher.submit({ ...(form.getValues() as Values), ...(csrf ? { csrf } : {}) }, { method: "post", action })
      }
    >
      {csrf ? <input type="hidden" name="csrf" value={csrf} /> : null}
      <Stack gap={4}>
        {answer && !answer.ok && !placed && answer.message ? (
          <Text role="alert" tone="danger" weight="semibold">
            {answer.message}
          </Text>
        ) : null}
        <FormTextField name="school_name" label="School name" autoComplete="organization" />
        <FormSelect
          name="category_id"
          label="Category"
          placeholder="Select the category"
          options={toOptions(SCHOOL_CATEGORIES)}
        />
        <FormSelect name="board_id" label="Board" placeholder="Select the board" options={toOptions(SCHOOL_BOARDS)} />
        <Select
          label="Country"
          name="country_id"
          value={countryId}
          onChange={(event) => {
            setCountryId(event.target.value);
            form.setValue("zone_id", "");
          }}
          options={toOptions(countries)}
          placeholder="Select the country"
          error={countriesFailure ?? undefined}
        />
        <RegionFields
          levels={["zone", "state", "prant", "district", "city"]}
          options={{ zone: zones, state: states, prant: prants, district: districts, city: cities }}
          optional={["prant", "district", "city"]}
        />
        {hydrated ? null : (
          // Without JavaScript the pickers cannot fill each other: this lists the next one's choices.
          <Button type="submit" name="intent" value="regions" variant="secondary" formNoValidate>
            Show the choices for the region picked
          </Button>
        )}
        <FormTextarea name="address" label="Address" rows={2} autoComplete="street-address" />
        <FormTextField name="pincode" label="PIN or postal code" autoComplete="postal-code" inputMode="numeric" />
        <FormTextField name="contact_name" label="Principal or contact name" autoComplete="name" />
        <FormTextField name="contact_phone" label="Phone" type="tel" autoComplete="tel" />
        <FormTextField
          name="email"
          label="School e-mail"
          type="email"
          autoComplete="email"
          hint={
            byInstitute
              ? "The school's sign-in details are mailed to this address."
              : "We send a link to this address to verify it."
          }
        />
        <FormTextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint={usernameAnswer?.available ? usernameAnswer.message : "3 to 50 letters, digits or . _ @ -"}
        />
        <FormPasswordField
          name="password"
          label="Password"
          autoComplete="new-password"
          hint={
            byInstitute
              ? "Optional: leave it empty and the portal makes one. It goes to the school in the sign-in mail."
              : "8 to 100 characters, with an uppercase and a lowercase letter, a number and one of !@#$%^&*"
          }
        />
        {byInstitute ? null : (
          <FormPasswordField name="confirm_password" label="Confirm password" autoComplete="new-password" />
        )}
        <FormSubmit fullWidth loading={fetcher.state !== "idle"}>
          {byInstitute ? "Add school" : "Register school"}
        </FormSubmit>
      </Stack>
    </Form>
  );
}

import { useFetcher } from "@remix-run/react";
import { LANGUAGES } from "@repo/contracts/languages";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { sifRegistrationBody } from "@repo/contracts/sif";
import { CLASS_LEVELS, classLabel, GENDERS } from "@repo/contracts/students-constants";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { RegionFields } from "@repo/remix-app/forms/region-fields";
import { Button } from "@repo/ui/button";
import { Checkbox } from "@repo/ui/checkbox";
import { Form, FormSelect, FormSubmit, FormTextField, useHydrated, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { useEffect, useRef, useState } from "react";
import type { RegionOption } from "../register/register.server";
import { useRegionOptions } from "../register/use-region-options";
import type {
  ReferralCheck,
  SifRegisterActionData,
  SifRegistered,
  SifSchoolOption,
  sifSchoolsLoader,
} from "./sif.server";

interface Props {
  countries: RegionOption[];
  /** The first country's zones, listed by the server (see firstPickers). */
  zones?: RegionOption[];
  countriesFailure: string | null;
  referralCode: string;
  onRegistered: (registered: SifRegistered) => void;
}

const CLASS_OPTIONS = CLASS_LEVELS.map((level) => ({ value: String(level), label: `Class ${classLabel(level)}` }));
const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({
  value: l.code,
  label: l.native === l.name ? l.name : `${l.name} (${l.native})`,
}));
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g.code, label: g.name }));
const toOptions = (items: readonly { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));
const schoolLabel = (s: SifSchoolOption) => [s.name, s.city ?? s.district, s.state].filter(Boolean).join(", ");

const EMPTY = {
  first_name: "",
  last_name: "",
  class_level: "",
  language: "",
  gender: "",
  date_of_birth: "",
  parent_name: "",
  phone: "",
  email: "",
  school_id: "",
  unlisted_school_name: "",
  zone_id: "",
  state_id: "",
  prant_id: "",
  district_id: "",
  referral_code: "",
};
type Values = typeof EMPTY;

/** Runs `effect` once the value has stopped changing for `ms`. */
function useDebounced(value: string, ms: number, effect: (value: string) => void) {
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    const timer = window.setTimeout(() => latest.current(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
}

/**
 * The individual student's form, checked with the API's own schema as it is filled in: the
 * student, the school (searched, or named when it is not listed, with its region) and an optional
 * referral code checked as it is typed.
 */
export default function SifRegisterForm({
  countries,
  zones: firstZones,
  countriesFailure,
  referralCode,
  onRegistered,
}: Props) {
  const fetcher = useFetcher<SifRegisterActionData>();
  // A refused post (with or without JavaScript) comes back with what was typed.
  const answer = useFormAnswer(fetcher);
  const [posted] = useState(answer);
  const typed = Object.fromEntries(Object.entries(posted?.values ?? {}).filter(([name]) => name in EMPTY));
  const form = useZodForm(sifRegistrationBody, { defaultValues: { ...EMPTY, referral_code: referralCode, ...typed } });
  const schools = useFetcher<typeof sifSchoolsLoader>();
  const referral = useFetcher<ReferralCheck>();
  const hydrated = useHydrated();
  const values = form.watch() as Values;
  const [unlisted, setUnlisted] = useState(posted?.values?.unlisted === "on");
  const [search, setSearch] = useState(posted?.values?.school_search ?? "");
  const listedSchools = posted?.schools ?? [];
  const [chosen, setChosen] = useState<SifSchoolOption | null>(
    listedSchools.find((school) => String(school.id) === typed.school_id) ?? null,
  );
  const [countryId, setCountryId] = useState(
    posted?.values?.country_id || (countries[0] ? String(countries[0].id) : ""),
  );
  const listed = posted?.regions ?? { zone: firstZones };

  // The school search, once the student pauses typing.
  const { load: loadSchools } = schools;
  useDebounced(search.trim(), 350, (text) => {
    if (text.length >= 2) loadSchools(`/sif/register/schools?${new URLSearchParams({ search: text })}`);
  });
  const found = search.trim().length >= 2 && schools.data?.search === search.trim() ? schools.data : null;
  const results = found?.items ?? (search === posted?.values?.school_search ? listedSchools : []);
  const schoolOptions = [...(chosen && !results.some((s) => s.id === chosen.id) ? [chosen] : []), ...results].map(
    (s) => ({ value: String(s.id), label: schoolLabel(s) }),
  );
  useEffect(() => {
    const id = Number(values.school_id);
    if (id) setChosen((current) => results.find((s) => s.id === id) ?? current);
  }, [values.school_id, results]);

  // The referral code, checked once the student pauses typing.
  const code = values.referral_code.replace(/\s+/g, "").toUpperCase();
  const { load: loadReferral } = referral;
  useDebounced(code, 400, (text) => {
    if (/^[A-Z0-9]{4,20}$/.test(text)) loadReferral(`/sif/register/referral?${new URLSearchParams({ code: text })}`);
  });
  const referralAnswer = referral.data?.code === code ? referral.data : undefined;
  useEffect(() => {
    if (referralAnswer && !referralAnswer.school) form.setError("referral_code", { message: referralAnswer.message });
    if (referralAnswer?.school) form.clearErrors("referral_code");
  }, [referralAnswer, form]);

  // Without JavaScript both ways of naming the school are shown (the server reads the box).
  const showUnlisted = unlisted || !hydrated;
  const zones = useRegionOptions("zone", showUnlisted && countryId ? { country_id: countryId } : null, listed.zone);
  const states = useRegionOptions(
    "state",
    showUnlisted && values.zone_id
      ? { parent_id: values.zone_id, ...(countryId ? { country_id: countryId } : {}) }
      : null,
    listed.state,
  );
  const prants = useRegionOptions(
    "prant",
    showUnlisted && values.state_id ? { parent_id: values.state_id } : null,
    listed.prant,
  );
  const districts = useRegionOptions(
    "district",
    showUnlisted && values.prant_id ? { parent_id: values.prant_id } : null,
    listed.district,
  );

  const chooseUnlisted = (checked: boolean) => {
    setUnlisted(checked);
    if (checked) form.setValue("school_id", "");
    else
      for (const field of ["unlisted_school_name", "zone_id", "state_id", "prant_id", "district_id"] as const)
        form.setValue(field, "");
    form.clearErrors(["school_id", "unlisted_school_name", "zone_id", "state_id"]);
  };

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok && answer.registered) {
      onRegistered(answer.registered);
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
      action="/sif/register"
      errors={answer?.errors}
      aria-label="Student registration"
      onSubmit={() => fetcher.submit(form.getValues() as Values, { method: "post", action: "/sif/register" })}
    >
      <Stack gap={5}>
        {answer && !answer.ok && !placed && answer.message ? (
          <Text role="alert" tone="danger" weight="semibold">
            {answer.message}
          </Text>
        ) : null}
        <Text role="heading" aria-level={3} weight="semibold">
          About you
        </Text>
        <Grid minItemWidth={240} gap={4}>
          <FormTextField name="first_name" label="First name" autoComplete="given-name" />
          <FormTextField name="last_name" label="Last name" hint="Optional" autoComplete="family-name" />
          <FormTextField name="date_of_birth" label="Date of birth" type="date" autoComplete="bday" />
          <FormSelect name="gender" label="Gender" placeholder="Select" options={GENDER_OPTIONS} />
          <FormTextField name="parent_name" label="Parent's name" autoComplete="off" />
          <FormTextField
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            hint="10 to 15 digits, e.g. 9876543210"
          />
          <FormTextField
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            hint="Your username and password are mailed here"
          />
        </Grid>
        <Text role="heading" aria-level={3} weight="semibold">
          Your exam
        </Text>
        <Grid minItemWidth={240} gap={4}>
          <FormSelect name="class_level" label="Class" placeholder="Select your class" options={CLASS_OPTIONS} />
          <FormSelect
            name="language"
            label="Exam language"
            placeholder="Select a language"
            options={LANGUAGE_OPTIONS}
          />
        </Grid>
        <Text role="heading" aria-level={3} weight="semibold">
          Your school
        </Text>
        {unlisted && hydrated ? null : (
          <Stack gap={3}>
            <TextField
              label="Find your school"
              name="school_search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              hint={
                found?.message ??
                (search.trim().length < 2
                  ? "Type at least 2 letters of its name, city or state"
                  : schools.state !== "idle"
                    ? "Searching…"
                    : found
                      ? `${countOf(found.total, COUNTED.school)} found${found.total > results.length ? `; the first ${results.length} are listed: type more to narrow` : ""}`
                      : hydrated
                        ? "Searching…"
                        : search === posted?.values?.school_search
                          ? `${countOf(results.length, COUNTED.school)} listed below`
                          : "Then press Search schools")
              }
              autoComplete="off"
            />
            {hydrated ? null : (
              // Without JavaScript the search runs when asked.
              <Button type="submit" name="intent" value="schools" variant="secondary" formNoValidate>
                Search schools
              </Button>
            )}
            <FormSelect
              name="school_id"
              label="School"
              placeholder={schoolOptions.length ? "Select your school" : "Search first, then select your school"}
              options={schoolOptions}
            />
          </Stack>
        )}
        <Checkbox
          name="unlisted"
          label="My school is not listed"
          description="Type its name and choose where it is instead."
          checked={unlisted}
          onChange={(event) => chooseUnlisted(event.target.checked)}
        />
        {showUnlisted ? (
          <Grid minItemWidth={240} gap={4}>
            <FormTextField name="unlisted_school_name" label="School name" autoComplete="organization" />
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
              levels={["zone", "state", "prant", "district"]}
              options={{ zone: zones, state: states, prant: prants, district: districts }}
              optional={["prant", "district"]}
            />
            {hydrated ? null : (
              <Button type="submit" name="intent" value="regions" variant="secondary" formNoValidate>
                Show the choices for the region picked
              </Button>
            )}
          </Grid>
        ) : null}
        <FormTextField
          name="referral_code"
          label="Referral code"
          autoCapitalize="characters"
          spellCheck={false}
          hint={
            referralAnswer?.school
              ? `Referral code of ${referralAnswer.school}`
              : "Optional: the code a school gave you, e.g. VVM7K2Q9D"
          }
        />
        <FormSubmit fullWidth loading={fetcher.state !== "idle"}>
          Register
        </FormSubmit>
      </Stack>
    </Form>
  );
}

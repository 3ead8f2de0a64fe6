import { Link as RemixLink, useLocation } from "@remix-run/react";
import type { StudentWords } from "@repo/contracts/student-words";
import { Icon } from "@repo/ui/icon";
import { UiProvider } from "@repo/ui/provider";
import { Stack } from "@repo/ui/stack";
import { styled } from "@repo/ui/theme";
import type { ReactNode } from "react";
import { localeInfo, STUDENT_LOCALES } from "./locale";

type Locale = ReturnType<typeof localeInfo>;

const Switch = styled("nav", {
  display: "flex",
  justifyContent: "flex-end",
  alignItems: "center",
  gap: "$2",
  color: "$textMuted",
  "& ul": {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: "$1",
    margin: 0,
    padding: 0,
    listStyle: "none",
  },
  "& a": {
    display: "inline-flex",
    alignItems: "center",
    minHeight: "32px",
    padding: "0 $3",
    borderRadius: "$round",
    fontSize: "$sm",
    fontWeight: "$medium",
    color: "$gray800",
    textDecoration: "none",
    border: "1px solid $border",
    backgroundColor: "$surface",
  },
  "& a:hover": { borderColor: "$primaryText", color: "$primaryText" },
  "& a:focus-visible": { outline: "2px solid $focusRing", outlineOffset: "2px" },
  "& a[aria-current='true']": { backgroundColor: "$primaryLight", borderColor: "$primaryText", color: "$primaryText" },
});

/**
 * The student area's pages in the student's language: `dir` and `lang` on the area (Urdu mirrors
 * the whole area, Radix parts included), with the language switch above it. The shell around it
 * (menu, header) stays the app's.
 */
export function StudentFrame({
  locale,
  words,
  children,
}: {
  locale: Locale;
  words: StudentWords;
  children: ReactNode;
}) {
  const location = useLocation();
  const href = (code: string) => {
    const params = new URLSearchParams(location.search);
    params.set("lang", code);
    return `${location.pathname}?${params}`;
  };
  return (
    <UiProvider dir={locale.dir}>
      <div dir={locale.dir} lang={locale.code} data-student-area="">
        <Stack gap={4}>
          <Switch aria-label={words.language}>
            <Icon name="globe" size={18} />
            <ul>
              {STUDENT_LOCALES.map((code) => {
                const info = localeInfo(code);
                return (
                  <li key={code}>
                    <RemixLink
                      to={href(code)}
                      lang={code}
                      hrefLang={code}
                      dir={info.dir}
                      aria-current={code === locale.code ? "true" : undefined}
                      preventScrollReset
                    >
                      {info.name}
                    </RemixLink>
                  </li>
                );
              })}
            </ul>
          </Switch>
          {children}
        </Stack>
      </div>
    </UiProvider>
  );
}

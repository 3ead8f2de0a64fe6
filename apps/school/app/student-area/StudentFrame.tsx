import { Link as RemixLink, useLocation } from "@remix-run/react";
import type { StudentWords } from "@repo/contracts/student-words";
import { Chip } from "@repo/ui/chip";
import { Icon } from "@repo/ui/icon";
import { UiProvider } from "@repo/ui/provider";
import { Stack } from "@repo/ui/stack";
import type { ReactNode } from "react";
import { localeInfo, STUDENT_LOCALES } from "./locale";

type Locale = ReturnType<typeof localeInfo>;

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
          <Stack
            element="nav"
            direction="row"
            wrap={false}
            justify="end"
            align="center"
            gap={2}
            aria-label={words.language}
          >
            <Icon name="globe" size={18} />
            <Stack element="ul" direction="row" align="center" gap={1}>
              {STUDENT_LOCALES.map((code) => {
                const info = localeInfo(code);
                return (
                  <li key={code}>
                    <Chip asChild aria-current={code === locale.code ? "true" : undefined}>
                      <RemixLink to={href(code)} lang={code} hrefLang={code} dir={info.dir} preventScrollReset>
                        {info.name}
                      </RemixLink>
                    </Chip>
                  </li>
                );
              })}
            </Stack>
          </Stack>
          {children}
        </Stack>
      </div>
    </UiProvider>
  );
}

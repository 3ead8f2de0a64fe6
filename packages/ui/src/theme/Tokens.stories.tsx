import type { Meta, StoryObj } from "@storybook/react-vite";
import { styled } from "./stitches";
import { colors, fontSizes, grayScale, primaryScale } from "./tokens";

const Swatches = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: "$3",
});
const Swatch = styled("li", {
  borderRadius: "$lg",
  overflow: "hidden",
  border: "1px solid $border",
  backgroundColor: "$surface",
  fontSize: "$sm",
  "& span": { display: "block", height: "56px" },
  "& p": { margin: 0, padding: "$2 $3", color: "$gray800" },
  "& code": { color: "$textMuted" },
});
const Heading = styled("h2", { fontSize: "$lg", margin: "$5 0 $3", color: "$text" });

function Palette({ entries }: { entries: [string, string][] }) {
  return (
    <Swatches>
      {entries.map(([name, value]) => (
        <Swatch key={name}>
          <span style={{ background: `var(--colors-${name})` }} />
          <p>
            {name}
            <br />
            <code>{value}</code>
          </p>
        </Swatch>
      ))}
    </Swatches>
  );
}

const semantic = [
  "primary",
  "primaryText",
  "primaryLight",
  "text",
  "textMuted",
  "background",
  "surface",
  "border",
  "success",
  "warning",
  "warningText",
  "danger",
  "dangerText",
  "info",
  "chromeDark",
] as const;

const meta = { title: "Foundations/Tokens" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Colours follow the colour mode: switch Theme in the toolbar to see the dark values. */
export const Colors: Story = {
  render: () => (
    <div>
      <Heading>Primary #50CD89</Heading>
      <Palette entries={Object.entries(primaryScale)} />
      <Heading>Neutrals</Heading>
      <Palette entries={Object.entries(grayScale)} />
      <Heading>Semantic</Heading>
      <Palette entries={semantic.map((name) => [name, colors[name]])} />
    </div>
  ),
};

const Sample = styled("p", { margin: "0 0 $3", color: "$text", display: "flex", gap: "$4", alignItems: "baseline" });
const Lang = styled("span", { width: "110px", flexShrink: 0, fontSize: "$sm", color: "$textMuted" });

// The question languages; each script renders in its self-hosted Noto family.
const scripts: [string, string, string, ("rtl" | "ltr")?][] = [
  ["English", "en", "Science talent search examination"],
  ["Hindi", "hi", "विज्ञान प्रतिभा खोज परीक्षा"],
  ["Marathi", "mr", "विज्ञान प्रतिभा शोध परीक्षा"],
  ["Sanskrit", "sa", "विज्ञानम् परीक्षा"],
  ["Bengali", "bn", "বিজ্ঞান মেধা অন্বেষণ পরীক্ষা"],
  ["Assamese", "as", "বিজ্ঞান প্ৰতিভা সন্ধান পৰীক্ষা"],
  ["Punjabi", "pa", "ਵਿਗਿਆਨ ਪ੍ਰਤਿਭਾ ਪ੍ਰੀਖਿਆ"],
  ["Gujarati", "gu", "વિજ્ઞાન પ્રતિભા પરીક્ષા"],
  ["Odia", "or", "ବିଜ୍ଞାନ ପ୍ରତିଭା ପରୀକ୍ଷା"],
  ["Tamil", "ta", "அறிவியல் திறனறித் தேர்வு"],
  ["Telugu", "te", "విజ్ఞాన ప్రతిభా పరీక్ష"],
  ["Kannada", "kn", "ವಿಜ್ಞಾನ ಪ್ರತಿಭಾ ಪರೀಕ್ಷೆ"],
  ["Malayalam", "ml", "ശാസ്ത്ര പ്രതിഭാ പരീക്ഷ"],
  ["Urdu", "ur", "سائنس ٹیلنٹ امتحان", "rtl"],
];

export const Typography: Story = {
  render: () => (
    <div>
      <Heading>Sizes</Heading>
      {Object.entries(fontSizes).map(([name, size]) => (
        <Sample key={name}>
          <Lang>
            {name} · {size}
          </Lang>
          <span style={{ fontSize: size }}>Level 1 results are published</span>
        </Sample>
      ))}
      <Heading>Question languages</Heading>
      {scripts.map(([language, lang, text, dir]) => (
        <Sample key={lang}>
          <Lang>{language}</Lang>
          <span lang={lang} dir={dir} style={{ fontSize: 20 }}>
            {text}
          </span>
        </Sample>
      ))}
    </div>
  ),
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "./Accordion";

const faqs = [
  ["How do schools pay the exam fees?", "Online from the Payment page; receipts appear in the payment history."],
  ["Which classes can take the Level 1 exam?", "Classes VI to XI, in any of the fourteen question languages."],
  ["When are results published?", "Level 1 results are published about six weeks after the exam."],
];

function Faq() {
  return (
    <Accordion type="single" collapsible style={{ maxWidth: 640 }}>
      {faqs.map(([question, answer]) => (
        <AccordionItem key={question} value={question ?? ""}>
          <AccordionTrigger>{question}</AccordionTrigger>
          <AccordionContent>{answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

const meta = { title: "Components/Accordion", component: Faq } satisfies Meta<typeof Faq>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Questions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole("button", { name: faqs[0]?.[0] });
    await userEvent.click(first);
    await expect(first).toHaveAttribute("aria-expanded", "true");
  },
};

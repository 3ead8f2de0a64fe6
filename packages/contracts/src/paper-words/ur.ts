import type { PaperWords } from "./en";

/**
 * A paper's fixed words in Urdu (اردو), printed right to left; who reviewed them is in review.ts.
 * Latin values (a year, a code, option letters) are isolated by the document, not here.
 */
export const ur: PaperWords = {
  kind: { paper: "سوالنامہ", key: "جوابی کلید" },
  examLevels: { level1: "لیول 1", level2: "لیول 2", mock: "مشقی امتحان" },
  title: "{level} امتحان {year}",
  draft: "(مسودہ، حتمی نہیں)",
  bankTitle: "سوالات کا ذخیرہ، {level}",
  class: "جماعت",
  language: "زبان",
  timeAllowed: "مقررہ وقت",
  maximumMarks: "کل نمبر",
  paperCode: "پرچے کا کوڈ",
  rollNumber: "رول نمبر",
  candidateName: "امیدوار کا نام",
  instructions: "ہدایات",
  hours: { one: "{count} گھنٹہ", other: "{count} گھنٹے" },
  minutes: { one: "{count} منٹ", other: "{count} منٹ" },
  section: "حصہ {label}",
  marksEach: { one: "ہر سوال {count} نمبر", other: "ہر سوال {count} نمبر" },
  marks: { one: "{count} نمبر", other: "{count} نمبر" },
  negative: "غلط جواب پر \u2212{marks}",
  comma: "، ",
  noNegative: "غلط جواب پر نمبر نہیں کٹیں گے",
  answerRules: {
    single: "ایک درست جواب",
    multiple: "ایک یا زیادہ درست جواب، سب پر نشان لگانا ضروری ہے",
    at_least: "ایک یا زیادہ درست جواب؛ کسی بھی درست جواب پر نشان اور کوئی غلط جواب نہ ہونے پر نمبر ملیں گے",
  },
  qualifying: "{section} تبھی شمار ہوگا جب حصہ {other} میں {marks} ہوں",
  keyQuestion: "سوال",
  keyAnswer: "جواب",
  explanations: "وضاحت",
  explanationHead: "سوال {number} · جواب {answer}",
  page: "صفحہ {page} از {pages}",
  imageMissing: "[تصویر دستیاب نہیں]",
  untranslated: "(انگریزی میں: ترجمہ نہیں ہوا)",
  proofUntranslated: {
    one: "پروف کاپی: {count} سوال کا ترجمہ ابھی نہیں ہوا اور وہ انگریزی میں چھپا ہے۔",
    other: "پروف کاپی: {count} سوالات کا ترجمہ ابھی نہیں ہوا اور وہ انگریزی میں چھپے ہیں۔",
  },
  bankNote: "یہ امتحانی پرچہ نہیں ہے: ذخیرے میں مضمون کے تمام سوالات، تازہ ترین نسخے۔",
  standardInstructions: [
    "شروع کرنے سے پہلے اوپر دیے گئے خانوں میں اپنا رول نمبر لکھیں۔",
    "ہر سوال کے اختیارات (A) سے (D) تک درج ہیں؛ اپنا جواب صرف جوابی پرچے پر نشان زد کریں۔",
    "نیلے یا کالے بال پوائنٹ قلم کا استعمال کریں۔ کریکشن فلوئڈ کا استعمال نہ کریں۔",
    "کیلکولیٹر، فون اور دیگر الیکٹرانک آلات کی اجازت نہیں ہے۔",
    "کمرے سے جانے سے پہلے جوابی پرچہ نگران کے حوالے کریں۔",
  ],
};

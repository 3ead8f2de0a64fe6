/**
 * The student area's words in English, and those of the admit card and sign-in slip the API prints
 * (decision 056): the source every other language's dictionary is checked against (its type).
 * `{name}` marks a value filled in by `fill` (fill.ts). Plain strings
 * only: the loader sends the student's dictionary with the page's data, so no page carries the
 * dictionaries of other languages.
 */
export const en = {
  language: "Language",
  // The student's card.
  registration: "My registration",
  rollNumber: "Roll number",
  rollNumberLater: "Given once your fee is paid",
  school: "School",
  schoolUnlisted: "{name} (not listed on the portal)",
  class: "Class",
  classLabel: "Class {class}",
  examLanguage: "Exam language",
  examYear: "Exam year",
  payment: "Fee",
  paymentStatus: { unpaid: "Not paid", pending: "Payment not finished", paid: "Paid" },
  registeredAlone: "Registered on your own",

  // The year as steps.
  stepsTitle: "What to do next",
  stepsDescription: "Your Level 1 exam, from registration to certificate.",
  allDone: "Every step is done. Well done!",
  stepStates: { done: "Done", current: "Now", waiting: "Waiting", upcoming: "Later" },
  steps: {
    registered: { title: "Registered", done: "You registered on {date}." },
    paid: {
      title: "Fee paid",
      current: "Pay your exam fee: it gives you your roll number and your admit card.",
      pendingOwn: "Your payment is not finished. Finish it, or wait 30 minutes for it to expire and pay again.",
      pendingSchool: "A payment of your fee is under way. It is confirmed within a few minutes.",
      done: "Paid on {date}.",
      doneSchool: "Your school paid your fee.",
      pay: "Pay my fee",
      finish: "Finish my payment",
      receipt: "Receipt {number}",
    },
    admit_card: {
      title: "Admit card",
      upcoming: "Ready once your fee is paid.",
      waiting: "Ready once the exam's date is set for your class.",
      current: "Download your admit card, print it and bring it to the exam.",
      done: "Your admit card for {date}.",
      download: "Download admit card",
    },
    exam: {
      title: "Exam",
      upcoming: "{date}",
      upcomingNoDate: "The date is not set yet.",
      done: "{date}",
      doneNoDate: "Sat.",
    },
    result: {
      title: "Result",
      upcoming: "Out after the exam.",
      waiting: "Your answer sheet is being marked: your result appears here.",
      done: "Your result is out: {total} of {full} marks.",
      see: "See my result",
    },
    certificate: {
      title: "Certificate",
      upcoming: "Comes with your result.",
      current: "Your certificate is ready.",
      download: "Download certificate",
    },
  },

  // The exams.
  examsTitle: "My exams",
  examsDescription: "Dates are India time (IST).",
  levels: { mock: "Mock exam", level1: "Level 1", level2: "Level 2" },
  dateNotSet: "Date not set yet",
  minutes: "{minutes} minutes",
  mockPractice: "Practice for Level 1: sat without an admit card.",
  admitCard: "Admit card",
  admitCardReasons: {
    unpaid: "Ready once your fee is paid.",
    pending: "Ready once your payment is confirmed.",
    not_scheduled: "Ready once the date is set for your class.",
    not_selected: "For the students Level 1 selects for the state camp.",
  },
  selectedForLevel2: "Your Level 1 result selects you for Level 2.",
  score: "{total} of {full}",
  noResultYet: "No result yet",
  seeResult: "See my result",
  certificate: "Certificate",

  // Dates and study.
  datesTitle: "Dates ahead",
  noDates: "No dates are announced yet.",
  studyTitle: "Prepare",
  studyDescription: "Study material, syllabus and lectures for students.",
  study: {
    "study-material": "Study material",
    "syllabus-1": "Syllabus for Level I",
    "syllabus-2": "Question paper pattern (Level II)",
    "detailed-syllabus": "Detailed syllabus",
    "lecture-series": "Lecture series",
    "mock-instructions": "Mock exam instructions",
    "how-to-attempt": "How to attempt the mock exam",
    "level-1-exam": "About the Level 1 exam",
    "download-app": "Download the app",
  },

  // The explained result.
  resultTitle: "{level} result, {year}",
  resultDescription: "Paper {paper}: every answer checked against the answer key.",
  otherLevels: "My results",
  total: "Total",
  totalOf: "Marks out of {full}",
  right: "Right",
  wrong: "Wrong or double",
  blank: "Not answered",
  sections: "Sections",
  section: "Section {label}",
  sectionMarks: "{marks} of {full} marks · {right} right, {wrong} wrong, {blank} not answered",
  counted: "Counted",
  notCounted: "Not counted",
  notCountedWhy: "A section counts only when the section before it reaches its qualifying marks.",
  ranksTitle: "Ranks and awards",
  ranksNote: "Ranks in your class; students with equal marks share a rank.",
  rankIn: { school: "In your school", district: "In your district", state: "In your state", national: "In India" },
  notRanked: { mock: "A mock exam is practice: it is never ranked.", other: "Not ranked yet." },
  awards: {
    national_camp: "National camp",
    state_camp: "State camp",
    district_winner: "District winner",
    school_topper: "School topper",
  },
  participation: "Participation",
  questionsTitle: "Question by question",
  questionsDescription: "What you marked, the correct answer, and the marks each answer earned.",
  show: "Show",
  showAll: "All ({count})",
  showWrong: "Wrong ({count})",
  showBlank: "Not answered ({count})",
  question: "Question",
  yourAnswer: "Your answer",
  correctAnswer: "Correct",
  marks: "Marks",
  outcomes: { right: "Right", wrong: "Wrong", blank: "Not answered", double: "Double mark" },
  blankMark: "—",
  doubleMark: "Two or more",
  noneShown: "No questions to show.",
  noResult: "No result yet",
  noResultHelp: "Your result appears here once your answer sheet is marked.",
  backHome: "Back to my exams",
  failed: "Your exams could not be loaded. Please try again.",
  tryAgain: "Try again",

  // A moment with its time: where the time goes ("{date}, {time}").
  dateTime: "{date}, {time}",

  // My fee (payment/pay-my-fee), for a student registered on its own.
  fee: {
    title: "My fee",
    description: "The exam fee of your registration, paid online.",
    student: "Student",
    status: "Payment",
    pay: "Pay {amount}",
    noFee: "The fee for your country is not set yet. Please contact the programme office.",
    pending:
      "A payment of your fee is waiting for the gateway. Finish it, or check how it went; an unfinished payment expires after 30 minutes and you can pay again.",
    continue: "Continue the payment",
    howDidItGo: "How did it go?",
    cancel: "Cancel payment",
    releasesAt: "If you do neither, you can pay again from {time}.",
    paid: "Your fee is paid. Keep your roll number: you need it at the exam.",
    failed: "Your registration could not be loaded. Please try again.",
    payFailed: "The payment could not be started. Reload the page to see your fee as it is now, and try again.",
  },

  // A file that cannot be given yet, and the area's error pages.
  problems: {
    admitCardTitle: "Your {level} admit card is not ready",
    certificateTitle: "No {level} certificate yet",
    certificateHelp: "Your certificate comes with your result, once your answer sheet is marked.",
    notMadeTitle: "Your file could not be made just now",
    notMadeHelp: "Please try again in a few minutes.",
    missingTitle: "There is nothing at this address",
    missingHelp: "Check the address, or go back to your exams.",
    failedTitle: "Something went wrong",
  },

  // The admit card and the sign-in slip, printed by the API (decision 050): the words of a
  // student's exam language, the names, roll numbers and addresses as entered.
  card: {
    photo: "Paste a recent passport-size photo here",
    parentName: "Parent's name",
    dateOfBirth: "Date of birth",
    exam: "Exam",
    date: "Date",
    time: "Time",
    duration: "{minutes} minutes, India time (IST)",
    reportBy: "Be at the centre by",
    note: "Note",
    centre: "Centre",
    rulesTitle: "Rules",
    rules: {
      arrive: "Be at the centre {minutes} minutes before the exam starts; late arrivals may not be let in.",
      bring:
        "Bring this admit card and a photo identity card (school identity card or Aadhaar); keep them on your desk.",
      rollNumber:
        "Write your roll number exactly as printed here on the answer sheet, and fill its circles with a blue or black ball-point pen.",
      devices: "Mobile phones, calculators, smart watches and any other electronic device are not allowed in the hall.",
      stay: "Do not leave the hall before the exam ends; hand in the answer sheet to the invigilator.",
      fairness: "Any unfair means cancels your exam. The centre's invigilators' instructions are final.",
    },
    studentSignature: "Student's signature",
    invigilatorSignature: "Invigilator's signature",
    footer: "Issued by the portal for roll number {rollNumber}; valid with a photo identity card.",
  },
  slip: {
    title: "Sign-in slip",
    signInAt: "Sign in at",
    username: "Username",
    password: "One-time password",
    note: "This password works once: at your first sign-in you must choose your own password. Keep this slip private.",
  },
};

export type StudentWords = typeof en;

import type { BuiltInTemplateKey } from "@repo/contracts/mail-constants";
import type { Db } from "@repo/db";
import { mailTemplates, mailTemplateVersions } from "@repo/db/schema";
import { renderTemplate } from "./render";

/**
 * The templates the portal ships with (BUILT_IN_TEMPLATE_KEYS), in English and Hindi. Features
 * send them through `enqueueMail` with the variables listed here. Values are HTML-escaped, so a
 * variable carries plain text only: a formatted circular is composed as a campaign's own body
 * (subject and body in POST /api/mail/send), and `general-circular` is for plain-text notices.
 */
interface BuiltIn {
  name: string;
  /** The variables, for the record: they are what subject and body use. */
  variables: readonly string[];
  en: { subject: string; body: string };
  hi: { subject: string; body: string };
}

export const BUILT_IN_TEMPLATES: Record<BuiltInTemplateKey, BuiltIn> = {
  "school-email-verification": {
    name: "School e-mail verification",
    variables: ["school_name", "verify_url", "expires_hours"],
    en: {
      subject: "Verify the e-mail address of {{ school_name }}",
      body: `<p>Dear {{ school_name }},</p>
<p>Thank you for registering your school for the programme. Please confirm that this is your school's e-mail address by opening the link below.</p>
<p><a href="{{ verify_url }}">Verify the e-mail address</a></p>
<p>The link works once and expires in {{ expires_hours }} hours. Until the address is verified you can add students, but you cannot pay for them.</p>
<p>If you did not register a school, you can ignore this e-mail.</p>`,
    },
    hi: {
      subject: "{{ school_name }} का ई-मेल पता सत्यापित करें",
      body: `<p>प्रिय {{ school_name }},</p>
<p>कार्यक्रम में अपने विद्यालय का पंजीकरण करने के लिए धन्यवाद। कृपया नीचे दिए गए लिंक को खोलकर पुष्टि करें कि यह आपके विद्यालय का ई-मेल पता है।</p>
<p><a href="{{ verify_url }}">ई-मेल पता सत्यापित करें</a></p>
<p>यह लिंक केवल एक बार काम करेगा और {{ expires_hours }} घंटे में समाप्त हो जाएगा। पता सत्यापित होने तक आप विद्यार्थियों को जोड़ सकते हैं, परंतु उनका शुल्क नहीं चुका सकते।</p>
<p>यदि आपने किसी विद्यालय का पंजीकरण नहीं किया है, तो इस ई-मेल को अनदेखा करें।</p>`,
    },
  },
  "student-credentials": {
    name: "Student sign-in details",
    variables: ["student_name", "username", "password", "login_url"],
    en: {
      subject: "Your sign-in details for the exam, {{ student_name }}",
      body: `<p>Dear {{ student_name }},</p>
<p>Your registration is confirmed and your exam account is ready. Sign in with these details:</p>
<p>Username: <strong>{{ username }}</strong><br>Password: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">Sign in to the student area</a></p>
<p>Please change the password after you first sign in, and keep these details safe. Do not share them with anyone.</p>`,
    },
    hi: {
      subject: "{{ student_name }}, परीक्षा के लिए आपके साइन-इन विवरण",
      body: `<p>प्रिय {{ student_name }},</p>
<p>आपका पंजीकरण पक्का हो गया है और आपका परीक्षा खाता तैयार है। इन विवरणों से साइन इन करें:</p>
<p>यूज़रनेम: <strong>{{ username }}</strong><br>पासवर्ड: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">विद्यार्थी क्षेत्र में साइन इन करें</a></p>
<p>पहली बार साइन इन करने के बाद कृपया अपना पासवर्ड बदल लें और इन विवरणों को सुरक्षित रखें। इन्हें किसी के साथ साझा न करें।</p>`,
    },
  },
  "account-credentials": {
    name: "Account sign-in details (school or master institute)",
    variables: ["name", "account_kind", "created_by", "username", "password", "login_url"],
    en: {
      subject: "Your sign-in details for the exam portal, {{ name }}",
      body: `<p>Dear {{ name }},</p>
<p>{{ created_by }} has registered your {{ account_kind }} on the exam portal. Sign in with these details:</p>
<p>Username: <strong>{{ username }}</strong><br>Password: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">Sign in to the portal</a></p>
<p>Please change the password after you first sign in, and keep these details safe. Do not share them with anyone.</p>`,
    },
    hi: {
      subject: "{{ name }}, परीक्षा पोर्टल के लिए आपके साइन-इन विवरण",
      body: `<p>प्रिय {{ name }},</p>
<p>{{ created_by }} ने परीक्षा पोर्टल पर आपका पंजीकरण ({{ account_kind }}) किया है। इन विवरणों से साइन इन करें:</p>
<p>यूज़रनेम: <strong>{{ username }}</strong><br>पासवर्ड: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">पोर्टल में साइन इन करें</a></p>
<p>पहली बार साइन इन करने के बाद कृपया अपना पासवर्ड बदल लें और इन विवरणों को सुरक्षित रखें। इन्हें किसी के साथ साझा न करें।</p>`,
    },
  },
  "password-set": {
    name: "A new password, set by the person who manages the account",
    variables: ["name", "set_by", "username", "password", "login_url"],
    en: {
      subject: "Your new password for the exam portal",
      body: `<p>Dear {{ name }},</p>
<p>{{ set_by }} has set a new password for your account on the exam portal. Sign in with these details:</p>
<p>Username: <strong>{{ username }}</strong><br>Password: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">Sign in to the portal</a></p>
<p>You will be asked to choose your own password when you sign in. Your earlier sessions have been signed out.</p>`,
    },
    hi: {
      subject: "परीक्षा पोर्टल के लिए आपका नया पासवर्ड",
      body: `<p>प्रिय {{ name }},</p>
<p>{{ set_by }} ने परीक्षा पोर्टल पर आपके खाते के लिए नया पासवर्ड बनाया है। इन विवरणों से साइन इन करें:</p>
<p>यूज़रनेम: <strong>{{ username }}</strong><br>पासवर्ड: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">पोर्टल में साइन इन करें</a></p>
<p>साइन इन करते ही आपसे अपना स्वयं का पासवर्ड चुनने को कहा जाएगा। आपके पिछले सभी सत्र समाप्त कर दिए गए हैं।</p>`,
    },
  },
  "password-reset-link": {
    name: "Forgotten password: a link to choose a new one",
    variables: ["name", "username", "reset_url", "expires_minutes"],
    en: {
      subject: "Choose a new password for the exam portal",
      body: `<p>Dear {{ name }},</p>
<p>Someone (we hope you) asked to choose a new password for the account <strong>{{ username }}</strong> on the exam portal. Open the link below to choose it:</p>
<p><a href="{{ reset_url }}">Choose a new password</a></p>
<p>The link works once, for {{ expires_minutes }} minutes; asking again sends a newer link and this one stops working. If you did not ask, ignore this e-mail: your password stays as it is.</p>`,
    },
    hi: {
      subject: "परीक्षा पोर्टल के लिए नया पासवर्ड चुनें",
      body: `<p>प्रिय {{ name }},</p>
<p>किसी ने (आशा है आपने) परीक्षा पोर्टल पर खाते <strong>{{ username }}</strong> के लिए नया पासवर्ड चुनने का अनुरोध किया है। नया पासवर्ड चुनने के लिए नीचे दिया गया लिंक खोलें:</p>
<p><a href="{{ reset_url }}">नया पासवर्ड चुनें</a></p>
<p>यह लिंक केवल एक बार, {{ expires_minutes }} मिनट तक काम करेगा; दोबारा अनुरोध करने पर नया लिंक भेजा जाएगा और यह लिंक काम करना बंद कर देगा। यदि आपने अनुरोध नहीं किया है, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।</p>`,
    },
  },
  "password-changed": {
    name: "Your password was changed",
    variables: ["name", "username", "login_url"],
    en: {
      subject: "Your exam portal password was changed",
      body: `<p>Dear {{ name }},</p>
<p>The password of the account <strong>{{ username }}</strong> on the exam portal was just changed through "Forgot your password?". Every device signed in to the account was signed out.</p>
<p><a href="{{ login_url }}">Sign in with the new password</a></p>
<p>If you did not change it, ask for a new password from the sign-in page at once and tell the programme office.</p>`,
    },
    hi: {
      subject: "आपके परीक्षा पोर्टल का पासवर्ड बदल दिया गया है",
      body: `<p>प्रिय {{ name }},</p>
<p>परीक्षा पोर्टल पर खाते <strong>{{ username }}</strong> का पासवर्ड अभी "पासवर्ड भूल गए?" के माध्यम से बदला गया है। इस खाते में साइन इन किए गए सभी उपकरणों से साइन आउट कर दिया गया है।</p>
<p><a href="{{ login_url }}">नए पासवर्ड से साइन इन करें</a></p>
<p>यदि आपने इसे नहीं बदला है, तो तुरंत साइन-इन पृष्ठ से नया पासवर्ड माँगें और कार्यक्रम कार्यालय को सूचित करें।</p>`,
    },
  },
  "password-reset-code": {
    name: "Password reset code",
    variables: ["name", "code", "expires_minutes"],
    en: {
      subject: "Your password reset code",
      body: `<p>Dear {{ name }},</p>
<p>We received a request to reset the password of your account. Enter this code to choose a new password:</p>
<p><strong>{{ code }}</strong></p>
<p>The code expires in {{ expires_minutes }} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
    },
    hi: {
      subject: "आपका पासवर्ड रीसेट कोड",
      body: `<p>प्रिय {{ name }},</p>
<p>हमें आपके खाते का पासवर्ड रीसेट करने का अनुरोध मिला है। नया पासवर्ड चुनने के लिए यह कोड दर्ज करें:</p>
<p><strong>{{ code }}</strong></p>
<p>यह कोड {{ expires_minutes }} मिनट में समाप्त हो जाएगा। यदि आपने यह अनुरोध नहीं किया है, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड नहीं बदलेगा।</p>`,
    },
  },
  "payment-receipt": {
    name: "Payment receipt",
    variables: ["school_name", "order_number", "amount", "paid_at", "invoice_url"],
    en: {
      subject: "Payment received: order {{ order_number }}",
      body: `<p>Dear {{ school_name }},</p>
<p>Thank you. We have received your payment.</p>
<p>Order: <strong>{{ order_number }}</strong><br>Amount: <strong>{{ amount }}</strong><br>Paid on: {{ paid_at }}</p>
<p><a href="{{ invoice_url }}">Download the invoice</a></p>
<p>Roll numbers and sign-in details go to the paid students separately.</p>`,
    },
    hi: {
      subject: "भुगतान प्राप्त हुआ: ऑर्डर {{ order_number }}",
      body: `<p>प्रिय {{ school_name }},</p>
<p>धन्यवाद। हमें आपका भुगतान प्राप्त हो गया है।</p>
<p>ऑर्डर: <strong>{{ order_number }}</strong><br>राशि: <strong>{{ amount }}</strong><br>भुगतान की तिथि: {{ paid_at }}</p>
<p><a href="{{ invoice_url }}">चालान (इनवॉइस) डाउनलोड करें</a></p>
<p>जिन विद्यार्थियों का भुगतान हो गया है, उन्हें रोल नंबर और साइन-इन विवरण अलग से भेजे जाएँगे।</p>`,
    },
  },
  "payment-refunded": {
    name: "Payment refunded",
    variables: ["school_name", "order_number", "amount", "reference", "reason", "history_url"],
    en: {
      subject: "Order {{ order_number }} is refunded",
      body: `<p>Dear {{ school_name }},</p>
<p>We have refunded your payment for order <strong>{{ order_number }}</strong>.</p>
<p>Amount: <strong>{{ amount }}</strong><br>Refund reference: {{ reference }}</p>
<p>Reason: {{ reason }}</p>
<p>The students of this order are unpaid again; you can pay for them again from <a href="{{ history_url }}">your payments</a>. A refund through the payment gateway usually reaches the account it came from within 5 to 7 working days.</p>`,
    },
    hi: {
      subject: "ऑर्डर {{ order_number }} की राशि वापस की गई",
      body: `<p>प्रिय {{ school_name }},</p>
<p>हमने ऑर्डर <strong>{{ order_number }}</strong> का आपका भुगतान वापस कर दिया है।</p>
<p>राशि: <strong>{{ amount }}</strong><br>रिफ़ंड संदर्भ: {{ reference }}</p>
<p>कारण: {{ reason }}</p>
<p>इस ऑर्डर के विद्यार्थियों का भुगतान अब बाकी है; आप <a href="{{ history_url }}">अपने भुगतान</a> पृष्ठ से उनका भुगतान फिर कर सकते हैं। पेमेंट गेटवे से वापसी आमतौर पर 5 से 7 कार्य-दिवसों में उसी खाते में पहुँचती है।</p>`,
    },
  },
  "raised-request-update": {
    name: "Update on a raised request",
    variables: ["subject", "status", "comment", "request_url"],
    en: {
      subject: "Your request “{{ subject }}” is now {{ status }}",
      body: `<p>Hello,</p>
<p>There is an update on your request <strong>{{ subject }}</strong>.</p>
<p>Status: <strong>{{ status }}</strong></p>
<p>Comment from the support team:</p>
<blockquote>{{ comment }}</blockquote>
<p><a href="{{ request_url }}">Open the request</a></p>`,
    },
    hi: {
      subject: "आपका अनुरोध “{{ subject }}”: अब स्थिति {{ status }}",
      body: `<p>नमस्ते,</p>
<p>आपके अनुरोध <strong>{{ subject }}</strong> पर नई जानकारी है।</p>
<p>स्थिति: <strong>{{ status }}</strong></p>
<p>सहायता दल की टिप्पणी:</p>
<blockquote>{{ comment }}</blockquote>
<p><a href="{{ request_url }}">अनुरोध खोलें</a></p>`,
    },
  },
  "results-published": {
    name: "Results published",
    variables: ["student_name", "level", "results_url"],
    en: {
      subject: "{{ level }} results are out, {{ student_name }}",
      body: `<p>Dear {{ student_name }},</p>
<p>The results of the {{ level }} exam have been published.</p>
<p><a href="{{ results_url }}">See your result</a></p>
<p>Your school can see the results of its students as well. Congratulations on taking part!</p>`,
    },
    hi: {
      subject: "{{ student_name }}, {{ level }} के परिणाम घोषित हो गए हैं",
      body: `<p>प्रिय {{ student_name }},</p>
<p>{{ level }} परीक्षा के परिणाम प्रकाशित कर दिए गए हैं।</p>
<p><a href="{{ results_url }}">अपना परिणाम देखें</a></p>
<p>आपका विद्यालय भी अपने विद्यार्थियों के परिणाम देख सकता है। परीक्षा में भाग लेने के लिए बधाई!</p>`,
    },
  },
  "general-circular": {
    name: "General circular (plain text)",
    variables: ["name", "title", "message"],
    en: {
      subject: "{{ title }}",
      body: `<p>Dear {{ name }},</p>
<p>{{ message }}</p>
<p>Regards,<br>The Exam Portal team</p>`,
    },
    hi: {
      subject: "{{ title }}",
      body: `<p>प्रिय {{ name }},</p>
<p>{{ message }}</p>
<p>सादर,<br>Exam Portal टीम</p>`,
    },
  },
  "contact-message": {
    name: "Contact form message",
    variables: ["school_name", "sender_name", "sender_email", "phone", "subject", "message"],
    en: {
      subject: "Contact form: {{ subject }} ({{ school_name }})",
      body: `<p>A message from {{ sender_name }} of <strong>{{ school_name }}</strong>, sent from the portal's contact form.</p>
<p><strong>Subject:</strong> {{ subject }}</p>
<blockquote>{{ message }}</blockquote>
<p>E-mail: {{ sender_email }}<br>Phone: {{ phone }}</p>
<p>Reply to this e-mail to answer the school directly.</p>`,
    },
    hi: {
      subject: "संपर्क फ़ॉर्म: {{ subject }} ({{ school_name }})",
      body: `<p>पोर्टल के संपर्क फ़ॉर्म से <strong>{{ school_name }}</strong> के {{ sender_name }} का संदेश।</p>
<p><strong>विषय:</strong> {{ subject }}</p>
<blockquote>{{ message }}</blockquote>
<p>ई-मेल: {{ sender_email }}<br>फ़ोन: {{ phone }}</p>
<p>विद्यालय को सीधे उत्तर देने के लिए इस ई-मेल का उत्तर दें।</p>`,
    },
  },
  "sif-registration": {
    name: "Individual student registration",
    variables: ["student_name", "username", "password", "login_url"],
    en: {
      subject: "Welcome to the exam, {{ student_name }}: your sign-in details",
      body: `<p>Dear {{ student_name }},</p>
<p>Thank you for registering for the exam on your own. Your account is ready; sign in with these details:</p>
<p>Username: <strong>{{ username }}</strong><br>Password: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">Sign in to the student area</a></p>
<p><strong>Next step:</strong> after you sign in, pay the exam fee. Your registration is complete, and you get a roll number, once the fee is paid.</p>
<p>Please change the password after you first sign in, and keep these details safe. If you did not register, you can ignore this e-mail.</p>`,
    },
    hi: {
      subject: "परीक्षा में आपका स्वागत है, {{ student_name }}: आपके साइन-इन विवरण",
      body: `<p>प्रिय {{ student_name }},</p>
<p>स्वयं पंजीकरण करने के लिए धन्यवाद। आपका खाता तैयार है; इन विवरणों से साइन इन करें:</p>
<p>यूज़रनेम: <strong>{{ username }}</strong><br>पासवर्ड: <strong>{{ password }}</strong></p>
<p><a href="{{ login_url }}">विद्यार्थी क्षेत्र में साइन इन करें</a></p>
<p><strong>अगला कदम:</strong> साइन इन करने के बाद परीक्षा शुल्क का भुगतान करें। शुल्क चुकाने पर आपका पंजीकरण पूरा होगा और आपको रोल नंबर मिलेगा।</p>
<p>पहली बार साइन इन करने के बाद कृपया अपना पासवर्ड बदल लें और इन विवरणों को सुरक्षित रखें। यदि आपने पंजीकरण नहीं किया है, तो इस ई-मेल को अनदेखा करें।</p>`,
    },
  },
};

export const BUILT_IN_LANGUAGES = ["en", "hi"] as const;

/**
 * Inserts the built-in templates that are missing (idempotent; never touches an existing one, so
 * an edited or disabled built-in stays as it is). Called when the API starts and by test support.
 * Returns how many were inserted.
 */
export async function ensureBuiltInTemplates(db: Db): Promise<number> {
  let inserted = 0;
  await db.transaction(async (tx) => {
    for (const [key, template] of Object.entries(BUILT_IN_TEMPLATES)) {
      for (const language of BUILT_IN_LANGUAGES) {
        const source = template[language];
        const rendered = renderTemplate(source.subject, source.body, language);
        const [row] = await tx
          .insert(mailTemplates)
          .values({ key, language, name: template.name, enabled: true, builtIn: true, version: 1 })
          .onConflictDoNothing({ target: [mailTemplates.key, mailTemplates.language] })
          .returning({ id: mailTemplates.id });
        if (!row) continue;
        await tx.insert(mailTemplateVersions).values({
          templateId: row.id,
          version: 1,
          subject: rendered.subject,
          body: rendered.body,
          html: rendered.html,
          text: rendered.text,
          variables: rendered.variables,
        });
        inserted++;
      }
    }
  });
  return inserted;
}

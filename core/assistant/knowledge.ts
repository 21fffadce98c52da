/**
 * The built-in assistant's knowledge base (docs/decisions/assistant.md): the portal areas and stated policies of docs/product.md, in
 * English and Tagalog, ranked by minisearch. Used when no language model is configured.
 */
import MiniSearch from 'minisearch';

export interface KnowledgeEntry {
  id: string;
  lang: 'en' | 'tl';
  /** Words people use when asking (searched with the answer itself). */
  keywords: string;
  answer: string;
}

const KNOWLEDGE: readonly KnowledgeEntry[] = [
  {
    id: 'borrow-en',
    lang: 'en',
    keywords: 'borrow borrowing equipment supplies request item cart projector chair reserve how to borrow lend loan',
    answer:
      'To borrow equipment: sign in to the user portal and open Borrow (/users/borrow-item). Add the items to your cart, enter the purpose, the date needed and the expected return date, then submit. Approval takes 1-2 business days; you can follow the request under Requests (/users/requests). Electrical items can be borrowed by faculty only.',
  },
  {
    id: 'borrow-tl',
    lang: 'tl',
    keywords: 'paano humiram manghiram hiram kagamitan gamit kailangan ko request',
    answer:
      'Para humiram ng kagamitan: mag-sign in sa user portal at buksan ang Borrow (/users/borrow-item). Idagdag ang mga item sa cart, ilagay ang layunin, ang petsa ng pangangailangan at ang petsa ng pagbabalik, saka i-submit. Inaaprubahan ito sa loob ng 1-2 business days; makikita ang status sa Requests (/users/requests).',
  },
  {
    id: 'return-en',
    lang: 'en',
    keywords: 'return returning give back proof photo upload image returned item done finished',
    answer:
      'To return borrowed items: bring them back to the GSO office, then open Requests (/users/requests), choose Return on the approved request and upload a proof image (JPEG, PNG or GIF, up to 5 MB). The office checks the proof and completes the request.',
  },
  {
    id: 'return-tl',
    lang: 'tl',
    keywords: 'ibalik pagbabalik isauli isasauli patunay litrato larawan hiniram',
    answer:
      'Para ibalik ang hiniram: dalhin ito sa GSO office, buksan ang Requests (/users/requests), piliin ang Return sa aprubadong request at mag-upload ng larawan bilang patunay (JPEG, PNG o GIF, hanggang 5 MB). Susuriin ito ng opisina at kukumpletuhin ang request.',
  },
  {
    id: 'repair-en',
    lang: 'en',
    keywords: 'report repair broken leak leaking damaged aircon light fix maintenance request faculty',
    answer:
      'To report a repair (faculty): open Report Repairs (/users/report-repairs), enter the building, room, priority, preferred day and time and describe the issue, then submit. Maintenance work is done within 3-5 business days; emergency repairs get 24-hour priority. You can follow each report and rate the work once it is completed.',
  },
  {
    id: 'repair-tl',
    lang: 'tl',
    keywords: 'sira nasira ipaayos ayusin pagkukumpuni tagas tulo ilaw mag-report ireport',
    answer:
      'Para mag-report ng sira (para sa faculty): buksan ang Report Repairs (/users/report-repairs), ilagay ang gusali, silid, priority, araw at oras, at ilarawan ang problema. Natatapos ang maintenance sa loob ng 3-5 business days; ang emergency repairs ay may 24-hour priority.',
  },
  {
    id: 'policy-en',
    lang: 'en',
    keywords: 'policy policies how long approval time business days maintenance emergency urgent lost item 24 hours rules',
    answer:
      'GSO policies: equipment borrowing approval takes 1-2 business days; maintenance takes 3-5 business days; emergency repairs get 24-hour priority; lost items must be reported within 24 hours.',
  },
  {
    id: 'policy-tl',
    lang: 'tl',
    keywords: 'gaano katagal patakaran ilang araw pag-apruba aprubahan emergency',
    answer:
      'Mga patakaran ng GSO: ang pag-apruba ng paghiram ay 1-2 business days; ang maintenance ay 3-5 business days; ang emergency repairs ay may 24-hour priority; ang nawawalang gamit ay dapat iulat sa loob ng 24 oras.',
  },
  {
    id: 'lost-en',
    lang: 'en',
    keywords: 'lost missing stolen damaged borrowed item lose lost item',
    answer:
      'A lost or damaged borrowed item must be reported to the GSO office within 24 hours. Contact the office with your request number (REQ-...) so the staff can record it.',
  },
  {
    id: 'lost-tl',
    lang: 'tl',
    keywords: 'nawala nawawala nawalan ninakaw nasira hiniram',
    answer:
      'Ang nawala o nasirang hiniram na gamit ay dapat iulat sa GSO office sa loob ng 24 oras. Ibigay ang numero ng request (REQ-...) para maitala ito.',
  },
  {
    id: 'emergency-en',
    lang: 'en',
    keywords: 'emergency emergencies urgent flood fire electrical hazard sparks immediately priority high',
    answer:
      'Emergency repairs get 24-hour priority. Report it in Report Repairs with the priority set to High, and call the GSO office right away for anything dangerous.',
  },
  {
    id: 'maintenance-en',
    lang: 'en',
    keywords: 'website down maintenance offline unavailable error 800 downtime site',
    answer: 'When the website is under maintenance (ERROR 800), the expected downtime is 2-4 hours. Use Try Again once it is back.',
  },
  {
    id: 'portal-en',
    lang: 'en',
    keywords: 'portal dashboard where find areas menu settings profile password account map navigation',
    answer:
      'The user portal has: User Dashboard (/users) with analytics, recent activities, quick actions and the campus map; Requests (/users/requests) for your borrowing requests; Borrow (/users/borrow-item); Report Repairs (/users/report-repairs, faculty only); Settings (/users/settings) for your profile and password.',
  },
  {
    id: 'portal-tl',
    lang: 'tl',
    keywords: 'saan makikita nasaan portal menu pahina',
    answer:
      'Sa user portal: User Dashboard (/users), Requests (/users/requests) para sa iyong mga request, Borrow (/users/borrow-item) para humiram, Report Repairs (/users/report-repairs, para sa faculty) at Settings (/users/settings).',
  },
  {
    id: 'account-en',
    lang: 'en',
    keywords: 'register registration sign up account approved pending verify verification code login',
    answer:
      'Register from the Register page as a student or faculty member with your ID. An administrator accepts the registration; at your first sign-in you verify your email with a 6-digit code.',
  },
  {
    id: 'status-en',
    lang: 'en',
    keywords: 'status statuses pending approved returned completed rejected cancelled cancel',
    answer:
      'Request statuses: Pending (waiting for approval), Approved (items are yours to pick up and return by the expected date), Returned (proof uploaded, waiting for the office), Completed, Rejected (with a reason) and Cancelled. You can cancel a pending request under Requests.',
  },
];

const TAGALOG_HINTS = /\b(ang|ng|mga|paano|saan|ako|ko|po|ba|nang|sa|kailan|gaano|ilang|hiram|ibalik|sira)\b/i;

/** Words that carry no topic, in both languages. */
const STOP_WORDS = new Set(
  (
    'a an the is are was be do does did i me my you your we our it its of to in on at for from with and or what whats ' +
    'how when where who why which can could would should will please about this that there here any some ' +
    'ang ng mga sa ko ako po ba na ay si ni kay ito iyan yan paano saan kailan ano sino bakit ba naman lang din rin'
  ).split(' '),
);
const MIN_SCORE = 1.5;

let index: MiniSearch<KnowledgeEntry> | null = null;
function searchIndex() {
  if (!index) {
    index = new MiniSearch<KnowledgeEntry>({
      fields: ['keywords'],
      storeFields: ['id'],
      processTerm: (term) => {
        const t = term.toLowerCase();
        return STOP_WORDS.has(t) ? null : t;
      },
      searchOptions: { fuzzy: (term) => (term.length > 4 ? 0.2 : 0), prefix: (term) => term.length > 3 },
    });
    index.addAll([...KNOWLEDGE]);
  }
  return index;
}

/** The best entry for a question, preferring the question's language; null when nothing fits. */
export function searchKnowledge(question: string): KnowledgeEntry | null {
  const results = searchIndex().search(question, { combineWith: 'OR' });
  if (!results.length || results[0].score < MIN_SCORE) return null;
  const lang = TAGALOG_HINTS.test(question) ? 'tl' : 'en';
  const best = results[0];
  const id = String(best.id);
  const base = id.replace(/-(en|tl)$/, '');
  const wanted = KNOWLEDGE.find((k) => k.id === `${base}-${lang}`);
  return wanted ?? KNOWLEDGE.find((k) => k.id === id) ?? null;
}

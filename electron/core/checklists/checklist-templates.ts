// The checklists the app ships, written for it: starting points a user duplicates and edits.
// Each question is asked of every document on its own (one full read per question), so each
// one asks for one fact, in the kind the table can show and compare.
import type { Checklist, ChecklistQuestion } from '../../../shared/checklist.ts';
import { checklistSchema } from '../../../shared/checklist-schema.ts';

const checklist = (id: string, name: string, questions: ChecklistQuestion[]): Checklist =>
  checklistSchema.parse({ id, name, questions });

const supplierContract = checklist('template-supplier-contract', 'Supplier contract review', [
  {
    id: 'parties',
    text: 'Who are the supplier and the customer?',
    kind: 'party',
    guidance: 'Give both legal names as the contract writes them, supplier first.',
  },
  {
    id: 'effective-date',
    text: 'On what date does the contract take effect?',
    kind: 'date',
    guidance:
      'Use the commencement or effective date, not the date of signature, where they differ.',
  },
  { id: 'initial-term', text: 'How long is the initial term?', kind: 'duration' },
  {
    id: 'auto-renewal',
    text: 'Does the contract renew automatically at the end of the term?',
    kind: 'yes_no',
    guidance: 'If it renews unless notice is given, answer Yes and give the notice period.',
  },
  {
    id: 'termination-convenience',
    text: 'May the customer terminate for convenience?',
    kind: 'yes_no',
    guidance:
      'Termination for convenience means without cause; termination for breach or insolvency does not count.',
  },
  {
    id: 'termination-notice',
    text: 'How much notice must be given to terminate for convenience?',
    kind: 'duration',
  },
  {
    id: 'liability-cap',
    text: 'What is the cap on the supplier’s total liability?',
    kind: 'amount',
    guidance: 'If the cap is a multiple of fees, quote the formula.',
  },
  {
    id: 'liability-exclusions',
    text: 'Which losses are excluded from liability?',
    kind: 'text',
    guidance: 'For example indirect or consequential loss, loss of profit, loss of data.',
  },
  { id: 'payment-terms', text: 'Within how many days must invoices be paid?', kind: 'duration' },
  {
    id: 'price-increase',
    text: 'May the supplier increase its prices during the term?',
    kind: 'yes_no',
    guidance: 'Index-linked increases count as Yes.',
  },
  {
    id: 'governing-law',
    text: 'Which law governs the contract?',
    kind: 'text',
    guidance: 'The law of a country or state, not the place of the courts.',
    expected: 'England',
  },
  {
    id: 'data-protection',
    text: 'Does the contract include data protection terms for personal data?',
    kind: 'yes_no',
    guidance: 'A data processing agreement or schedule counts as Yes.',
  },
  {
    id: 'assignment',
    text: 'May the supplier assign or subcontract without the customer’s consent?',
    kind: 'yes_no',
  },
]);

const nda = checklist('template-nda', 'NDA review', [
  { id: 'parties', text: 'Who are the parties to the agreement?', kind: 'party' },
  {
    id: 'mutual',
    text: 'Is the agreement mutual?',
    kind: 'yes_no',
    guidance: 'Mutual means both parties disclose and both are bound.',
  },
  { id: 'effective-date', text: 'On what date does the agreement take effect?', kind: 'date' },
  { id: 'definition', text: 'How is Confidential Information defined?', kind: 'clause' },
  {
    id: 'marking',
    text: 'Must information be marked confidential to be protected?',
    kind: 'yes_no',
  },
  {
    id: 'exclusions',
    text: 'Which information is excluded from the confidentiality obligations?',
    kind: 'text',
    guidance:
      'For example information already public, already known, independently developed, or received from a third party.',
  },
  { id: 'term', text: 'How long does the agreement last?', kind: 'duration' },
  {
    id: 'survival',
    text: 'How long do the confidentiality obligations survive after the agreement ends?',
    kind: 'duration',
  },
  {
    id: 'return',
    text: 'Must confidential information be returned or destroyed on request?',
    kind: 'yes_no',
  },
  {
    id: 'non-solicitation',
    text: 'Does the agreement forbid soliciting the other party’s employees?',
    kind: 'yes_no',
  },
  {
    id: 'governing-law',
    text: 'Which law governs the agreement?',
    kind: 'text',
    guidance: 'The law of a country or state, not the place of the courts.',
  },
]);

const lease = checklist('template-lease', 'Lease review', [
  { id: 'landlord', text: 'Who is the landlord?', kind: 'party' },
  { id: 'tenant', text: 'Who is the tenant?', kind: 'party' },
  {
    id: 'premises',
    text: 'What premises are let?',
    kind: 'text',
    guidance: 'Give the address and any floor or unit.',
  },
  { id: 'commencement', text: 'On what date does the term begin?', kind: 'date' },
  { id: 'term', text: 'How long is the term of the lease?', kind: 'duration' },
  {
    id: 'rent',
    text: 'What is the initial annual rent?',
    kind: 'amount',
    guidance: 'If the lease states a monthly rent, give that and say it is monthly.',
  },
  { id: 'rent-review', text: 'How and when is the rent reviewed?', kind: 'text' },
  { id: 'deposit', text: 'How large is the deposit?', kind: 'amount' },
  {
    id: 'break-clause',
    text: 'Does the tenant have a right to end the lease early?',
    kind: 'yes_no',
    guidance: 'A break clause or break option counts as Yes; give its date and conditions.',
  },
  { id: 'repair', text: 'Who is responsible for structural repairs?', kind: 'party' },
  {
    id: 'assignment',
    text: 'May the tenant assign the lease or sublet?',
    kind: 'yes_no',
    guidance: 'Answer Yes if it may with the landlord’s consent, and say so.',
  },
  { id: 'permitted-use', text: 'For what use may the premises be occupied?', kind: 'text' },
]);

const employment = checklist('template-employment', 'Employment contract review', [
  { id: 'employer', text: 'Who is the employer?', kind: 'party' },
  { id: 'employee', text: 'Who is the employee?', kind: 'party' },
  { id: 'start-date', text: 'On what date does employment start?', kind: 'date' },
  { id: 'job-title', text: 'What is the job title?', kind: 'text' },
  {
    id: 'salary',
    text: 'What is the base salary?',
    kind: 'amount',
    guidance: 'Say whether it is annual, monthly or hourly.',
  },
  { id: 'hours', text: 'How many working hours are there per week?', kind: 'number' },
  {
    id: 'holiday',
    text: 'How many days of paid holiday are there per year?',
    kind: 'number',
    guidance: 'Say whether public holidays are included.',
  },
  { id: 'probation', text: 'How long is the probation period?', kind: 'duration' },
  {
    id: 'notice-employer',
    text: 'How much notice must the employer give to end employment?',
    kind: 'duration',
  },
  {
    id: 'notice-employee',
    text: 'How much notice must the employee give to resign?',
    kind: 'duration',
  },
  {
    id: 'non-compete',
    text: 'Does the contract restrict working for a competitor after employment ends?',
    kind: 'yes_no',
    guidance: 'If so, give the duration and the area.',
  },
  {
    id: 'ip-assignment',
    text: 'Does the employer own the intellectual property the employee creates?',
    kind: 'yes_no',
  },
  {
    id: 'place-of-work',
    text: 'Where is the place of work?',
    kind: 'text',
    guidance: 'Say whether remote work is allowed.',
  },
]);

const study = checklist('template-study', 'Book or thesis study list', [
  {
    id: 'thesis',
    text: 'What is the main argument or thesis?',
    kind: 'text',
    guidance: 'In two or three sentences, in the author’s terms.',
  },
  { id: 'question', text: 'What research question does the work set out to answer?', kind: 'text' },
  {
    id: 'method',
    text: 'What method or approach does the author use?',
    kind: 'text',
    guidance: 'For example archival research, experiments, interviews, a formal model.',
  },
  { id: 'evidence', text: 'What evidence or sources does the argument rest on?', kind: 'text' },
  { id: 'key-terms', text: 'Which key terms does the author define, and how?', kind: 'text' },
  { id: 'key-passage', text: 'Which passage states the main conclusion?', kind: 'clause' },
  {
    id: 'people',
    text: 'Which people or schools of thought does the author argue against?',
    kind: 'party',
  },
  { id: 'period', text: 'What period or setting does the work cover?', kind: 'text' },
  { id: 'published', text: 'When was the work first published?', kind: 'date' },
  { id: 'limitations', text: 'What limitations does the author acknowledge?', kind: 'text' },
  {
    id: 'open-questions',
    text: 'What questions does the author leave open for further work?',
    kind: 'text',
  },
]);

/** The shipped checklists, in the order the app offers them. Their ids start with `template-`. */
export const CHECKLIST_TEMPLATES: readonly Checklist[] = [
  supplierContract,
  nda,
  lease,
  employment,
  study,
];

/** A shipped checklist by its id, or undefined. */
export function checklistTemplate(id: string): Checklist | undefined {
  return CHECKLIST_TEMPLATES.find((template) => template.id === id);
}

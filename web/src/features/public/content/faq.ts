import { APPROVAL_TIME, COMPANY, FREE_TRIAL_DAYS, FREE_TRIAL_MAX_STUDENTS, MIN_REGISTRANT_AGE } from '@vidyalaya/shared';

export interface FaqItem {
  question: string;
  answer: string;
}

/** The How It Works questions; `appDomain` is the product's host, under which portals live. */
export function faqItems(appDomain: string): FaqItem[] {
  return [
    {
      question: 'How long does approval take?',
      answer: `Our team reviews every new school within ${APPROVAL_TIME} of the school profile being submitted. We e-mail the administrator as soon as a decision is made, and the dashboard shows the status all along.`,
    },
    {
      question: 'Will my school get its own website address?',
      answer: `Yes. After approval your school gets its own portal under a subdomain you choose when creating the school profile, for example greenvalley.${appDomain}.`,
    },
    {
      question: 'What does the free trial include?',
      answer: `Every feature, for ${FREE_TRIAL_DAYS} days and up to ${FREE_TRIAL_MAX_STUDENTS} students, with setup assistance and priority support. No payment details are needed to start.`,
    },
    {
      question: 'Who can register a school?',
      answer: `The school’s administrator: the principal, the owner or a staff member authorised to act for the school, aged ${MIN_REGISTRANT_AGE} or over. Teachers and students are then added by the administrator.`,
    },
    {
      question: 'What happens after the trial?',
      answer: 'Basic, Standard and Premium plans are coming soon. The service is free today, and nothing is ever charged without you first choosing a plan.',
    },
    {
      question: 'Is our school’s data safe?',
      answer: `Connections are encrypted, passwords are stored only as secure hashes and each school’s records are kept apart from every other school’s. We use no tracking cookies. You can ask us to delete your data at any time by writing to ${COMPANY.email}.`,
    },
    {
      question: 'Can we use Vidyalaya on a phone or tablet?',
      answer: 'Yes. Vidyalaya works in any modern browser on a computer, tablet or phone, and a desktop app is available for the school office. Dedicated mobile apps are coming soon.',
    },
  ];
}

export const faqCategories = ["Account", "Payments", "Cards", "Security"] as const;
export type FaqCategory = (typeof faqCategories)[number];

export interface FaqEntry {
  question: string;
  answer: string;
  category: FaqCategory;
}

/** The FAQ page's fixed list of ten questions. */
export const faqEntries: FaqEntry[] = [
  {
    category: "Account",
    question: "How do I open an account?",
    answer:
      "Sign up online in a few minutes: enter your details, verify your e-mail address and upload a valid ID. Personal accounts have no monthly fee.",
  },
  {
    category: "Account",
    question: "Is there a free trial for business accounts?",
    answer:
      "Yes. Every business account comes with a 30-day free trial, so you can try all business features before the monthly fee applies.",
  },
  {
    category: "Account",
    question: "Which documents do I need for verification?",
    answer:
      "A valid passport or national ID card and a proof of address not older than 3 months, such as a utility bill or bank statement.",
  },
  {
    category: "Account",
    question: "How long does verification take?",
    answer:
      "Most documents are checked within minutes. Full verification takes 1-2 business days, after which your account limits are set.",
  },
  {
    category: "Payments",
    question: "How long do bank transfers take?",
    answer: "SEPA bank transfers take 1-3 business days. Transfers between users of the wallet arrive instantly and are free.",
  },
  {
    category: "Payments",
    question: "Which currencies can I use?",
    answer:
      "Your account is held in euros and you can pay in many currencies worldwide. Exchange rates are shown before you confirm a payment.",
  },
  {
    category: "Payments",
    question: "Can I cancel a payment?",
    answer:
      "Transfers between users are final once sent. For a SEPA transfer you can request a cancellation or investigation from the app; a fee may apply.",
  },
  {
    category: "Cards",
    question: "How do I get a virtual card?",
    answer:
      "Create a virtual card in the app in seconds and use it at once for online shopping and subscriptions. You can freeze or delete it at any time.",
  },
  {
    category: "Cards",
    question: "How do I top up my card?",
    answer:
      "Top up with a bank transfer, from another user, or by card replenishment. The fee for card replenishment is shown on the fees page.",
  },
  {
    category: "Security",
    question: "How is my money protected?",
    answer:
      "All data is encrypted in transit and at rest, every login is protected by two-factor authentication and our team monitors payments for fraud around the clock.",
  },
];

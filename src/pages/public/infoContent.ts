import type { InfoPath } from "./infoPaths";
import { supportEmail } from "./infoPaths";

export type InfoSection = {
  heading: string;
  body: string[];
  /** How to show `body`: paragraphs (the default), numbered steps or a bulleted list. */
  list?: "steps" | "bullets";
};

export type InfoContent = {
  title: string;
  lead: string;
  sections: InfoSection[];
  /** False for offerings OjaPay does not provide yet; the page then says so and shows "Coming soon". */
  built: boolean;
  /** Shows sections as questions that open to their answers. */
  questions?: boolean;
  /** `href` is a route, or a mailto: address. */
  cta?: { text: string; label: string; href: string };
};

const registerCta = {
  text: "Registration is free. You need an email address and a Nigerian phone number.",
  label: "Create free account",
  href: "/auth/register",
};

const ifSomethingGoesWrong: InfoSection = {
  heading: "If something goes wrong",
  body: [
    "If the provider tells us a purchase failed, the full amount goes back into your wallet at once, and the purchase shows as failed in your history.",
    "If the provider has not confirmed yet, the purchase shows as pending. Your money is held for it, not lost: once the provider answers, the purchase is either completed or the money returns to your wallet. A slow answer from the provider is never mistaken for a failure.",
  ],
};

const notBuiltYet = (what: string): InfoSection => ({
  heading: "Where things stand",
  body: [
    `${what} is an idea we are working towards, not a working service. Nothing can be paid, ordered or opened here, and we have not set a date.`,
    `If anyone offers you this service in OjaPay's name, it is not from us. Please tell us at ${supportEmail}.`,
  ],
});

export const infoContent: Record<InfoPath, InfoContent> = {
  "/airtime-VTU": {
    title: "Airtime top-up",
    lead: "Top up any MTN, GLO, 9Mobile or Airtel line, yours or someone else's, from your OjaPay wallet.",
    built: true,
    sections: [
      {
        heading: "What you can buy",
        body: [
          "Airtime for MTN, GLO, 9Mobile and Airtel numbers. You can top up your own line or any other Nigerian mobile number.",
          "Each purchase can be from ₦50 to ₦50,000.",
        ],
      },
      {
        heading: "How to buy",
        list: "steps",
        body: [
          "Sign in and open Airtime.",
          "Choose the network and enter the phone number, for example 08031234567.",
          "Enter the amount and check the details.",
          "Confirm with your 4-digit transaction PIN. The airtime is sent and the purchase appears in your history.",
        ],
      },
      {
        heading: "Before you pay",
        list: "bullets",
        body: [
          "Check that the network matches the number. Airtime sent to the wrong number cannot be taken back.",
          "If you buy the same amount for the same number twice within 30 seconds, OjaPay asks you to confirm, so a double tap does not charge you twice.",
        ],
      },
      ifSomethingGoesWrong,
    ],
    cta: registerCta,
  },

  "/data-subscription": {
    title: "Data bundles",
    lead: "Buy daily, weekly and monthly data plans for MTN, GLO, 9Mobile and Airtel lines from your wallet.",
    built: true,
    sections: [
      {
        heading: "What you can buy",
        body: [
          "Data plans for MTN, GLO, 9Mobile and Airtel. Each network has its own list of daily, weekly and monthly plans, and every plan shows its size, how long it lasts and its price before you buy.",
          "The plans on offer can change when the networks change theirs. The list in the app is always the current one.",
        ],
      },
      {
        heading: "How to buy",
        list: "steps",
        body: [
          "Sign in and open Data.",
          "Choose the network, then the plan.",
          "Enter the phone number that should receive the data.",
          "Confirm with your 4-digit transaction PIN.",
        ],
      },
      ifSomethingGoesWrong,
    ],
    cta: registerCta,
  },

  "/cable-subscription": {
    title: "Cable TV subscription",
    lead: "Renew DStv, GOtv, StarTimes or Showmax from your wallet, and see whose account you are paying before you pay.",
    built: true,
    sections: [
      {
        heading: "What you can pay for",
        body: [
          "Subscriptions for DStv, GOtv, StarTimes and Showmax, using the plans (bouquets) each provider offers. Plan names and prices are shown in the app before you choose.",
        ],
      },
      {
        heading: "How to pay",
        list: "steps",
        body: [
          "Sign in and open Cable TV.",
          "Choose the provider and enter the smartcard or IUC number.",
          "OjaPay asks the provider who the account belongs to and shows you the customer's name. If it is not the person you expect, stop and check the number.",
          "Choose the plan and check the total, including any service fee.",
          "Confirm with your 4-digit transaction PIN.",
        ],
      },
      ifSomethingGoesWrong,
    ],
    cta: registerCta,
  },

  "/bill-payment": {
    title: "Electricity bills",
    lead: "Buy prepaid electricity tokens or pay postpaid bills for meters of the Nigerian distribution companies.",
    built: true,
    sections: [
      {
        heading: "Which meters",
        body: [
          "Prepaid and postpaid meters of Abuja, Benin, Eko, Enugu, Ibadan, Ikeja, Jos, Kaduna, Kano, Port Harcourt, Yola and Aba electricity distribution companies.",
          "Each distribution company sets its own smallest and largest amount. If your amount is outside them, you are told before any money leaves your wallet.",
        ],
      },
      {
        heading: "How to pay",
        list: "steps",
        body: [
          "Sign in and open Electricity.",
          "Choose your distribution company, say whether the meter is prepaid or postpaid, and enter the meter number.",
          "OjaPay shows the name and address registered to the meter. Check them before you go on.",
          "Enter the amount, check the total, and confirm with your 4-digit transaction PIN.",
        ],
      },
      {
        heading: "Your prepaid token",
        body: [
          "For a prepaid meter, the token is shown on screen as 20 digits in groups of four, like 1234 5678 9012 3456 7890. Type it into your meter to load the units.",
          "The token is kept with the purchase in your transaction history, so you can find it again.",
          "For a postpaid meter there is no token: the payment goes to your account with the distribution company.",
        ],
      },
      ifSomethingGoesWrong,
    ],
    cta: registerCta,
  },

  "/payment-form": {
    title: "Funding your wallet",
    lead: "Every OjaPay purchase is paid from your wallet. This is how to put money into it.",
    built: true,
    sections: [
      {
        heading: "How to fund your wallet",
        list: "steps",
        body: [
          "Sign in to OjaPay.",
          "Open Fund account.",
          "Enter the amount, in naira.",
          "You are taken to the payment gateway's secure checkout, where you pay by card or bank transfer.",
          "Your wallet is credited once the gateway confirms the payment.",
        ],
      },
      {
        heading: "Good to know",
        list: "bullets",
        body: [
          "Your card details are entered on the payment gateway's checkout page, not on OjaPay.",
          `If your bank shows the money has left but your wallet has not been credited, email ${supportEmail} with your wallet number and the payment reference.`,
        ],
      },
    ],
    cta: { text: "Already have an account?", label: "Sign in to fund your wallet", href: "/auth/login" },
  },

  "/faqs": {
    title: "Frequently asked questions",
    lead: "Short answers about accounts, your wallet, purchases and staying safe.",
    built: true,
    questions: true,
    sections: [
      {
        heading: "How do I create an account?",
        body: [
          "Choose Create account and give your name, email address, Nigerian phone number and a password. We email you a 6-digit code; enter it to confirm your email address, then sign in.",
        ],
      },
      {
        heading: "My verification code has expired or never arrived. What now?",
        body: [
          "A code works for 10 minutes and only once. You can ask for a new one after a minute; the new code replaces the old one. Check your spam folder too.",
        ],
      },
      {
        heading: "Why can't I sign in right now?",
        body: [
          "After 5 wrong sign-in tries in a row, sign-in is paused for that account. Wait 15 minutes and try again.",
        ],
      },
      {
        heading: "What is my transaction PIN and how do I set it?",
        body: [
          "Your PIN is 4 digits and is needed for every purchase. To set it, or to change it if you have forgotten it, go to Profile → Reset Pin. We email you a code; enter the code and your new PIN.",
          "After 5 wrong PINs, purchases are paused for 30 minutes to protect your money.",
        ],
      },
      {
        heading: "How do I add money to my wallet?",
        body: [
          "Open Fund account, enter the amount and pay by card or bank transfer on the payment gateway's secure checkout. Your wallet is credited once the payment is confirmed.",
        ],
      },
      {
        heading: "What is my wallet number?",
        body: [
          "Every OjaPay wallet has its own 10-digit number, shown on your profile. Quote it when you contact support.",
        ],
      },
      {
        heading: "My purchase says pending. Have I lost my money?",
        body: [
          "No. Pending means the provider has not confirmed the purchase yet. The money is held for it, not lost. When the provider answers, the purchase is completed or the money goes back into your wallet.",
        ],
      },
      {
        heading: "A purchase failed. Do I get my money back?",
        body: [
          "Yes. When a provider tells us a purchase failed, the full amount returns to your wallet at once. You do not need to ask for it.",
          "If a purchase shows as successful but did not arrive, email support with the transaction reference and we will look into it.",
        ],
      },
      {
        heading: "Why was I signed out?",
        body: [
          "For your safety, you are signed out after 30 minutes without activity. Sign in again to carry on; your wallet and history are unchanged.",
        ],
      },
      {
        heading: "Will OjaPay ever ask for my PIN or password?",
        body: [
          "No. OjaPay staff will never ask for your PIN, password or code. Anyone who does is not from OjaPay.",
        ],
      },
      {
        heading: "How do I contact support?",
        body: [
          `Email ${supportEmail} with your wallet number and, for a purchase, its transaction reference. We aim to reply within one working day.`,
        ],
      },
    ],
    cta: { text: "Did not find your answer?", label: "Contact support", href: "/contact-support" },
  },

  "/contact-support": {
    title: "Contact support",
    lead: `Email us at ${supportEmail}. We aim to reply within one working day.`,
    built: true,
    sections: [
      {
        heading: "What to include",
        list: "bullets",
        body: [
          "The email address you registered with.",
          "Your 10-digit wallet number, shown on your profile.",
          "For a purchase or a payment, its transaction reference.",
          "What you expected to happen and what happened instead.",
        ],
      },
      {
        heading: "Never send these",
        body: [
          "Do not send your PIN, your password or any code we email you, to anyone. OjaPay staff will never ask for your PIN, password or code.",
        ],
      },
      {
        heading: "Before you write",
        body: [
          "If a purchase shows as pending, the provider has not answered yet and your money is held for it. OjaPay keeps checking pending purchases with the provider, but you are welcome to write if one stays pending.",
          "Many common questions are answered in the FAQs.",
        ],
      },
    ],
    cta: {
      text: "Write to us from the email address you registered with.",
      label: `Email ${supportEmail}`,
      href: `mailto:${supportEmail}`,
    },
  },

  "/about-us": {
    title: "About OjaPay",
    lead: "OjaPay is a wallet for everyday payments in Nigeria: airtime, data, cable TV and electricity, paid in naira from one balance.",
    built: true,
    sections: [
      {
        heading: "What we do",
        body: [
          "You fund your OjaPay wallet by card or bank transfer, then buy airtime, data bundles, cable TV subscriptions and electricity from it. Every purchase needs your 4-digit PIN, and everything you do appears in your history.",
        ],
      },
      {
        heading: "Every kobo accounted for",
        body: [
          "Money in OjaPay is kept in a double-entry ledger: every movement is recorded twice, once where the money left and once where it went, and the two always add up. Entries are never edited or deleted; a correction is a new entry of its own.",
          "A purchase the provider has not confirmed stays pending with your money held. A failed one returns the money to your wallet at once.",
        ],
      },
      {
        heading: "Built for the phone you have",
        body: [
          "OjaPay runs in the web browser of an inexpensive phone. The pages are small and plain so they load on a slow connection, and you do not need to install anything.",
        ],
      },
      {
        heading: "Honest about what we offer",
        body: [
          "Some services, such as school fees payments and a dollar card, are marked Coming soon on this site. That means they do not work yet, and we say so plainly.",
        ],
      },
    ],
    cta: registerCta,
  },

  "/sch-pay": {
    title: "School fees payments",
    lead: "A planned way to pay school fees from your OjaPay wallet.",
    built: false,
    sections: [
      {
        heading: "What it is meant to be",
        body: [
          "The idea is that parents and students could pay fees to a participating school from their OjaPay wallet and keep the receipt in their history.",
        ],
      },
      notBuiltYet("School fees payment"),
    ],
  },

  "/unilorin-shuttle": {
    title: "UNILORIN campus shuttle tickets",
    lead: "A planned way to buy campus shuttle tickets at the University of Ilorin from your OjaPay wallet.",
    built: false,
    sections: [
      {
        heading: "What it is meant to be",
        body: [
          "The idea is that students and staff at the University of Ilorin could pay for campus shuttle rides from their OjaPay wallet instead of with cash.",
        ],
      },
      notBuiltYet("Shuttle ticketing"),
    ],
  },

  "/dollar-card": {
    title: "Virtual dollar card",
    lead: "A planned virtual card for paying online in US dollars.",
    built: false,
    sections: [
      {
        heading: "What it is meant to be",
        body: [
          "The idea is a virtual card, funded from your OjaPay wallet, that you could use to pay for things online that are priced in US dollars.",
        ],
      },
      notBuiltYet("The dollar card"),
    ],
  },

  "/foreign-account": {
    title: "Foreign currency account",
    lead: "A planned account for holding money in a foreign currency.",
    built: false,
    sections: [
      {
        heading: "What it is meant to be",
        body: [
          "The idea is an account in which you could receive and hold money in a foreign currency, alongside your naira wallet.",
        ],
      },
      notBuiltYet("The foreign currency account"),
    ],
  },

  "/digital-banking": {
    title: "Digital banking",
    lead: "Banking services we would like to offer one day.",
    built: false,
    sections: [
      {
        heading: "What it is meant to be",
        body: [
          "OjaPay today is a wallet for buying airtime, data, cable TV and electricity. It is not a bank and does not offer bank accounts, savings or loans. Digital banking is a possible future direction, not a current service.",
        ],
      },
      notBuiltYet("Digital banking"),
    ],
  },
};

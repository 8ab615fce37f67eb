import type { ReactNode } from "react";
import { Link } from "wouter";
import { PublicLayout } from "./PublicLayout";

const products: ReadonlyArray<{ href: string; name: string; summary: string; icon: ReactNode }> = [
  {
    href: "/airtime-VTU",
    name: "Airtime",
    summary: "Top up any MTN, GLO, 9Mobile or Airtel line, from ₦50 to ₦50,000.",
    icon: <path d="M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2" />,
  },
  {
    href: "/data-subscription",
    name: "Data bundles",
    summary:
      "Daily, weekly and monthly plans for MTN, GLO, 9Mobile and Airtel, with size and price up front.",
    icon: <path d="M4 20v-3M9 20v-7M14 20V9M19 20V4" />,
  },
  {
    href: "/cable-subscription",
    name: "Cable TV",
    summary: "Renew DStv, GOtv, StarTimes or Showmax, and see the account holder's name before you pay.",
    icon: <path d="M3 7h18v11H3zM8 21h8M8 3l4 4 4-4" />,
  },
  {
    href: "/bill-payment",
    name: "Electricity",
    summary: "Prepaid tokens and postpaid bills, with the meter's name and address shown before you pay.",
    icon: <path d="M13 2L5 14h6l-1 8 8-12h-6z" />,
  },
];

const steps = [
  {
    title: "Register and verify your email",
    text: "Sign up with your email and phone number, then enter the 6-digit code we email you.",
  },
  {
    title: "Fund your wallet",
    text: "Pay in by card or bank transfer through the payment gateway's secure checkout.",
  },
  {
    title: "Buy with your PIN",
    text: "Pick what you need and confirm with your 4-digit transaction PIN.",
  },
];

const promises = [
  {
    title: "Failed purchases are refunded automatically",
    text: "If a provider says a purchase failed, the money is back in your wallet at once. You do not have to ask.",
  },
  {
    title: "Pending means held, not lost",
    text: "While a provider has not confirmed a purchase, your money is held for it until it completes or comes back.",
  },
  {
    title: "Your PIN on every purchase",
    text: "Nothing leaves your wallet without your 4-digit PIN. OjaPay staff will never ask for it.",
  },
];

const teaser = [
  {
    question: "My purchase says pending. Have I lost my money?",
    answer:
      "No. The provider has not confirmed it yet, so the money is held. It either completes or returns to your wallet.",
  },
  {
    question: "How do I set my transaction PIN?",
    answer: "Go to Profile → Reset Pin. We email you a code; enter it with your new 4-digit PIN.",
  },
  {
    question: "How long does the verification code last?",
    answer: "10 minutes. You can ask for a new one after a minute.",
  },
];

export default function LandingPage() {
  return (
    <PublicLayout>
      <section className="landing-hero" aria-labelledby="landing-title">
        <div className="container">
          <h1 id="landing-title">Airtime, data, TV and electricity from one wallet</h1>
          <p className="landing-lead">
            Fund your OjaPay wallet once, then pay for airtime, data bundles, cable TV and electricity in
            naira, with your PIN on every purchase.
          </p>
          <div className="landing-actions">
            <Link href="/auth/register" className="button">
              Create free account
            </Link>
            <Link href="/auth/login" className="button secondary">
              Sign in
            </Link>
          </div>
        </div>
      </section>

      <section className="container landing-section" aria-labelledby="landing-products">
        <h2 id="landing-products">What you can pay for</h2>
        <ul className="landing-products">
          {products.map((product) => (
            <li key={product.href} className="card landing-product">
              <svg
                className="landing-icon"
                viewBox="0 0 24 24"
                width="32"
                height="32"
                aria-hidden="true"
                focusable="false"
              >
                <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
                  {product.icon}
                </g>
              </svg>
              <h3>
                <Link href={product.href}>{product.name}</Link>
              </h3>
              <p>{product.summary}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container landing-section" aria-labelledby="landing-how">
        <h2 id="landing-how">How it works</h2>
        <ol className="landing-steps">
          {steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="container landing-section" aria-labelledby="landing-trust">
        <h2 id="landing-trust">How we look after your money</h2>
        <ul className="landing-promises">
          {promises.map((promise) => (
            <li key={promise.title}>
              <h3>{promise.title}</h3>
              <p>{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container landing-section" aria-labelledby="landing-faq">
        <h2 id="landing-faq">Questions</h2>
        {teaser.map((item) => (
          <details key={item.question} className="info-question">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
        <p>
          <Link href="/faqs">Read all the FAQs</Link>
        </p>
      </section>
    </PublicLayout>
  );
}

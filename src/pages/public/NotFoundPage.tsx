import { Link } from "wouter";
import { PublicLayout } from "./PublicLayout";

export default function NotFoundPage() {
  return (
    <PublicLayout title="Page not found">
      <div className="container info-page">
        <h1>Page not found</h1>
        <p className="info-lead">
          There is no page at this address. It may have moved, or the link may have a typing mistake.
        </p>
        <ul className="not-found-links">
          <li>
            <Link href="/">Go to the home page</Link>
          </li>
          <li>
            <Link href="/faqs">Read the FAQs</Link>
          </li>
        </ul>
      </div>
    </PublicLayout>
  );
}

import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../config/paths';

interface Item {
  key: string;
  title: ReactNode;
  text: ReactNode;
}

/** /advertise: marketing page for companies that want to list their services. */
export default function AdvertisePage() {
  const benefits: Item[] = [
    {
      key: 'reach',
      title: <Trans>Reach planners in Norway and Sweden</Trans>,
      text: (
        <Trans>
          People come to EventMarket when they are actively planning an event. Your listings appear in category
          browsing, in search results and in the inspiration feed on the front page.
        </Trans>
      ),
    },
    {
      key: 'categories',
      title: <Trans>Be found in the right category</Trans>,
      text: (
        <Trans>
          Venues, catering, photographers, music, decoration and many more. Categories, subcategories, services and
          regions help customers filter their way to exactly what you offer.
        </Trans>
      ),
    },
    {
      key: 'gallery',
      title: <Trans>Show your work with images and video</Trans>,
      text: (
        <Trans>
          Every listing gets its own page with a description, price information, an image gallery and video, so
          customers can see what they get before they get in touch.
        </Trans>
      ),
    },
    {
      key: 'chat',
      title: <Trans>Chat directly with customers</Trans>,
      text: (
        <Trans>
          Customers contact you through the built-in chat. You are notified by e-mail or WhatsApp, so you never miss an
          enquiry.
        </Trans>
      ),
    },
    {
      key: 'leads',
      title: <Trans>Receive event leads</Trans>,
      text: (
        <Trans>
          Planners can publish the events they are organising. Relevant companies see them as leads and can get in
          touch with an offer.
        </Trans>
      ),
    },
    {
      key: 'statistics',
      title: <Trans>Follow your statistics</Trans>,
      text: (
        <Trans>
          See how many people view your listings and contact you, so you know what works and where to improve.
        </Trans>
      ),
    },
  ];

  const steps: Item[] = [
    {
      key: 'company',
      title: <Trans>Create an account and a company</Trans>,
      text: (
        <Trans>
          Register as a user, then create a company profile with your company name, logo, description and contact
          details.
        </Trans>
      ),
    },
    {
      key: 'listings',
      title: <Trans>Add your listings</Trans>,
      text: (
        <Trans>
          Create a listing for each service you offer. Add images, video, prices, the regions you serve and the
          categories that fit.
        </Trans>
      ),
    },
    {
      key: 'subscription',
      title: <Trans>Choose a subscription</Trans>,
      text: (
        <Trans>
          Pick the subscription that suits your business. The subscription is paid in advance for the period you
          choose and can be renewed when it ends.
        </Trans>
      ),
    },
    {
      key: 'approval',
      title: <Trans>Get approved and go live</Trans>,
      text: (
        <Trans>
          Our team reviews new companies, listings and subscriptions to keep the marketplace trustworthy. As soon as
          they are approved, your listings are visible to everyone.
        </Trans>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 text-fg">
      <h1 className="text-3xl font-bold tracking-tight">
        <Trans>Advertise with us</Trans>
      </h1>
      <p className="mt-4 text-lg leading-relaxed">
        <Trans>
          EventMarket connects people planning events in Norway and Sweden with the suppliers who make them happen.
          List your company and be found by customers planning weddings, birthdays, conferences, company parties and
          everything in between.
        </Trans>
      </p>

      <section className="mt-10">
        <h2 className="text-2xl font-semibold">
          <Trans>Why list on EventMarket</Trans>
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {benefits.map((benefit) => (
            <li key={benefit.key} className="rounded-lg border border-border bg-surface p-4">
              <h3 className="text-lg font-semibold text-accent">{benefit.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-10">
        <h2 className="text-2xl font-semibold">
          <Trans>How it works</Trans>
        </h2>
        <ol className="mt-4 space-y-4">
          {steps.map((step, index) => (
            <li key={step.key} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent font-bold text-on-accent"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{step.title}</h3>
                <p className="mt-1 leading-relaxed text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-10 rounded-lg border border-border bg-surface-2 p-6">
        <h2 className="text-2xl font-semibold">
          <Trans>Ready to get started?</Trans>
        </h2>
        <p className="mt-2 leading-relaxed">
          <Trans>
            Creating an account is free. You only pay when you choose a subscription for your company. Have questions
            about subscriptions or need help getting started? Get in touch and we will help you find the right
            solution.
          </Trans>
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link
            href={paths.register.href()}
            className="rounded-md bg-accent px-4 py-2 font-semibold text-on-accent hover:bg-accent-strong"
          >
            <Trans>Create an account</Trans>
          </Link>
          <Link
            href={paths.contactUs.href()}
            className="rounded-md border border-border px-4 py-2 font-semibold text-accent underline underline-offset-2 hover:bg-surface"
          >
            <Trans>Contact us</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}

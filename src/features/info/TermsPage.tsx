import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSiteSettings } from '../../ui/siteSettings';
import { LegalDocument, legalLinkClass, legalListClass, type LegalSection } from './LegalDocument';
import { paths } from '../../config/paths';

/** /terms-and-conditions: the terms of use of the EventMarket marketplace. */
export default function TermsPage() {
  const { contactEmail, organisationNumber } = useSiteSettings();
  const sections: LegalSection[] = [
    {
      id: 'introduction',
      title: <Trans>About these terms</Trans>,
      content: (
        <>
          <p>
            <Trans>
              These terms and conditions apply to all use of EventMarket, including the website and the installable
              app. EventMarket is operated by EventMarket AS, organisation number {organisationNumber}, a company
              registered in Norway (“EventMarket”, “we”, “us”).
            </Trans>
          </p>
          <p>
            <Trans>
              By creating an account or otherwise using the service, you accept these terms. If you do not accept
              them, you must not use the service. How we process personal data is described in our{' '}
              <Link href={paths.privacy.href()} className={legalLinkClass}>
                privacy policy
              </Link>
              .
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'the-service',
      title: <Trans>The service</Trans>,
      content: (
        <>
          <p>
            <Trans>
              EventMarket is a marketplace where visitors in Norway and Sweden can find suppliers of event services,
              such as venues, catering, photographers, music and decoration. Users can save favourites, plan events,
              publish events and communicate with companies through the built-in chat. Companies can publish listings
              and receive enquiries and event leads.
            </Trans>
          </p>
          <p>
            <Trans>
              EventMarket only provides the platform. Any agreement for the delivery of goods or services is made
              directly between the customer and the supplier, and EventMarket is not a party to that agreement.
            </Trans>
          </p>
          <p>
            <Trans>
              We continuously develop the service and may change, add or remove functionality. We aim to keep the
              service available at all times, but we do not guarantee uninterrupted operation, for example during
              maintenance or technical faults.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: <Trans>Accounts and registration</Trans>,
      content: (
        <>
          <p>
            <Trans>
              You can browse listings without an account. To use messages, favourites, the event planner or to manage
              companies, you must register a personal account.
            </Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>You must be at least 13 years old to register an account.</Trans>
            </li>
            <li>
              <Trans>
                If you are under 18, you must have consent from a parent or guardian where this is required by law,
                for example before entering into agreements or purchasing a subscription.
              </Trans>
            </li>
            <li>
              <Trans>
                The information you provide must be correct and kept up to date. You may only have one personal
                account and must not register on behalf of another person without authority.
              </Trans>
            </li>
            <li>
              <Trans>
                You are responsible for keeping your password secret and for all activity on your account. Tell us
                immediately if you suspect unauthorised use.
              </Trans>
            </li>
          </ul>
          <p>
            <Trans>
              You can delete your account at any time by contacting us. Some information may be retained after
              deletion where the law requires it, as described in the privacy policy.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: <Trans>Acceptable use</Trans>,
      content: (
        <>
          <p>
            <Trans>When you use EventMarket, you must comply with applicable law and these terms. You must not:</Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>publish content that is unlawful, misleading, discriminatory, offensive or infringes the rights of others;</Trans>
            </li>
            <li>
              <Trans>send spam, unsolicited marketing or chain messages through the chat;</Trans>
            </li>
            <li>
              <Trans>harass, threaten or defraud other users or companies;</Trans>
            </li>
            <li>
              <Trans>
                collect other users’ personal data, or copy listings or other content by automated means without our
                written permission;
              </Trans>
            </li>
            <li>
              <Trans>
                attempt to gain unauthorised access to the service, interfere with its operation or circumvent its
                security measures.
              </Trans>
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'user-content',
      title: <Trans>Your content</Trans>,
      content: (
        <>
          <p>
            <Trans>
              You retain the rights to the text, images, videos and other content you upload, such as messages,
              profile pictures, events and listings. You are responsible for the content and for having the necessary
              rights to publish it, including consent from people who can be identified in images.
            </Trans>
          </p>
          <p>
            <Trans>
              By publishing content on EventMarket, you give us a non-exclusive, royalty-free right to store, display,
              adapt the format of and distribute the content to the extent necessary to operate and promote the
              service. The right ends when the content is deleted, except for copies we are required to keep by law.
            </Trans>
          </p>
          <p>
            <Trans>
              We may remove content, or refuse to publish it, if we have reason to believe that it breaches these
              terms or the law. Reports of unlawful content can be sent to us by e-mail.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'companies-and-listings',
      title: <Trans>Companies and listings</Trans>,
      content: (
        <>
          <p>
            <Trans>
              A user can create one or more company profiles and publish listings for the services the company
              offers. The person who creates a company confirms that they are authorised to represent it.
            </Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>
                Companies, listings, events and subscriptions are reviewed by us before they are published. We may
                reject or remove them without stating a reason, for example if the information is incomplete,
                misleading or outside the scope of the marketplace.
              </Trans>
            </li>
            <li>
              <Trans>
                Listings must give a correct description of the service, the price and the area served. Prices
                shown to consumers must include VAT and all mandatory charges.
              </Trans>
            </li>
            <li>
              <Trans>
                The company is solely responsible for its offers, for answering enquiries and for delivering the
                agreed services in accordance with the law, including consumer and marketing law.
              </Trans>
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'subscriptions-and-payments',
      title: <Trans>Subscriptions and payments</Trans>,
      content: (
        <>
          <p>
            <Trans>
              Creating an account and using the service as a customer is free. To publish listings, a company must
              have an active subscription. The available subscriptions, their content and prices are shown when you
              choose a subscription.
            </Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>
                Subscriptions are paid in advance for the chosen period. Payment is processed by our payment provider,
                and we do not store your card details.
              </Trans>
            </li>
            <li>
              <Trans>
                A subscription takes effect when the payment has been completed and the subscription has been
                approved. If a subscription is not approved, the amount paid is refunded.
              </Trans>
            </li>
            <li>
              <Trans>
                When a subscription period ends, the company’s listings are no longer shown until the subscription is
                renewed.
              </Trans>
            </li>
            <li>
              <Trans>
                Subscriptions are sold to businesses. The statutory right of withdrawal under the Norwegian Cancellation
                Act applies to consumers only and therefore does not apply to subscriptions.
              </Trans>
            </li>
            <li>
              <Trans>
                Amounts paid for a subscription period that has started are not refunded, unless we terminate the
                subscription without the company having breached these terms, or mandatory law provides otherwise.
              </Trans>
            </li>
          </ul>
          <p>
            <Trans>
              We may change prices and subscription terms with at least 30 days’ notice. Changes do not apply to a
              period that has already been paid for.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: <Trans>Intellectual property rights</Trans>,
      content: (
        <p>
          <Trans>
            The service, including its design, software, logos and the compilation of content, is owned by EventMarket
            or our licensors and is protected by intellectual property law. You may use the service for its intended
            purpose, but you may not copy, modify or distribute any part of it without our written consent.
          </Trans>
        </p>
      ),
    },
    {
      id: 'liability',
      title: <Trans>Liability</Trans>,
      content: (
        <>
          <p>
            <Trans>
              EventMarket is not responsible for the content of listings, messages or other user content, or for the
              quality, safety or legality of the services offered. Any claims relating to a service must be directed
              at the supplier.
            </Trans>
          </p>
          <p>
            <Trans>
              The service is provided “as is”. To the extent permitted by law, we are not liable for indirect or
              consequential losses, such as lost profits, lost data or losses resulting from a cancelled event. Our
              total liability towards a company is limited to the amount the company has paid us in the last 12
              months.
            </Trans>
          </p>
          <p>
            <Trans>
              These limitations do not apply to losses caused intentionally or through gross negligence, and they do
              not restrict rights that consumers have under mandatory law.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'suspension-and-termination',
      title: <Trans>Suspension and termination</Trans>,
      content: (
        <p>
          <Trans>
            If you breach these terms or the law, we may remove content, hide listings, suspend your account or close
            it. In serious cases we may do so without prior notice. You can stop using the service and ask us to delete
            your account at any time. Sections of these terms that by their nature are meant to continue, such as
            those on liability and governing law, continue to apply after termination.
          </Trans>
        </p>
      ),
    },
    {
      id: 'changes',
      title: <Trans>Changes to these terms</Trans>,
      content: (
        <p>
          <Trans>
            We may update these terms, for example because of changes to the service or to the law. The date at the top
            shows when the terms were last changed. We will notify you of material changes by e-mail or in the service
            before they take effect. If you continue to use the service after the changes take effect, you accept the
            updated terms.
          </Trans>
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: <Trans>Governing law and disputes</Trans>,
      content: (
        <>
          <p>
            <Trans>
              These terms are governed by Norwegian law. Disputes shall first be sought resolved through negotiation.
              If the parties cannot agree, the dispute may be brought before the Norwegian courts, with Oslo District
              Court as the agreed legal venue, unless mandatory rules provide otherwise.
            </Trans>
          </p>
          <p>
            <Trans>
              Consumers keep the protection of the mandatory rules of the country in which they live and may bring the
              case before the courts there. Consumers in Norway may contact the Norwegian Consumer Council
              (Forbrukerrådet) for mediation, and consumers in Sweden may contact the National Board for Consumer
              Disputes (Allmänna reklamationsnämnden).
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: <Trans>Contact</Trans>,
      content: (
        <p>
          <Trans>
            Questions about these terms can be sent to{' '}
            <a href={`mailto:${contactEmail}`} className={legalLinkClass}>
              {contactEmail}
            </a>{' '}
            or through our{' '}
            <Link href={paths.contactUs.href()} className={legalLinkClass}>
              contact page
            </Link>
            .
          </Trans>
        </p>
      ),
    },
  ];

  return <LegalDocument title={<Trans>Terms and Conditions</Trans>} sections={sections} />;
}

import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useSiteSettings } from '../../ui/siteSettings';
import { LegalDocument, legalLinkClass, legalListClass, type LegalSection } from './LegalDocument';
import { paths } from '../../config/paths';

/** /privacy-policy: how EventMarket processes personal data (GDPR). */
export default function PrivacyPage() {
  const { contactEmail, organisationNumber } = useSiteSettings();
  const mailto = `mailto:${contactEmail}`;

  const sections: LegalSection[] = [
    {
      id: 'data-controller',
      title: <Trans>Who is responsible for your data</Trans>,
      content: (
        <>
          <p>
            <Trans>
              This privacy policy explains how personal data is collected and used when you use EventMarket. The data
              controller is EventMarket AS, organisation number {organisationNumber}, a company registered in Norway.
            </Trans>
          </p>
          <p>
            <Trans>
              We process personal data in accordance with the General Data Protection Regulation (GDPR) and the
              Norwegian Personal Data Act. If you have questions about our processing of personal data, you can contact
              us at{' '}
              <a href={mailto} className={legalLinkClass}>
                {contactEmail}
              </a>
              .
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'data-we-collect',
      title: <Trans>What data we collect</Trans>,
      content: (
        <>
          <p>
            <Trans>We only collect the data we need to provide the service:</Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>
                Account data: e-mail address, password (stored only as a secure hash), first and last name,
                date of birth and, if you choose to provide it, gender.
              </Trans>
            </li>
            <li>
              <Trans>
                Profile data: profile picture, address, postcode and city, and your notification preferences.
              </Trans>
            </li>
            <li>
              <Trans>
                Phone number: optional. If you add and verify a phone number, it is used to send you notifications
                through WhatsApp, such as new messages, according to your preferences.
              </Trans>
            </li>
            <li>
              <Trans>
                Messages: the content of conversations between you and companies in the chat, with time of sending and
                read status.
              </Trans>
            </li>
            <li>
              <Trans>Favourites: the listings you have saved as favourites.</Trans>
            </li>
            <li>
              <Trans>
                Events: the events you plan or publish in the event planner, such as the type of event, date, place,
                number of guests and the services you need.
              </Trans>
            </li>
            <li>
              <Trans>
                Company data: if you create a company, we process information about the company, its listings, images
                and videos, subscriptions and payments, and statistics on how its listings are viewed.
              </Trans>
            </li>
            <li>
              <Trans>
                Technical data: IP address, browser type, device identifier and logs of logins and errors, which we need
                to operate and secure the service.
              </Trans>
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'device-storage',
      title: <Trans>Data stored on your device</Trans>,
      content: (
        <>
          <p>
            <Trans>
              EventMarket can be installed as an app and works partly without an internet connection. To make this
              possible, some data is stored locally in your browser on your device:
            </Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>a copy of the app’s files, so that it can start without a connection;</Trans>
            </li>
            <li>
              <Trans>your login details (access tokens) and basic user information, so that you stay logged in;</Trans>
            </li>
            <li>
              <Trans>a randomly generated device identifier, and your choice of language and theme;</Trans>
            </li>
            <li>
              <Trans>
                drafts of events you create in the event planner, so that you can keep working offline. Drafts are
                stored on the device until they are sent to us or deleted;
              </Trans>
            </li>
            <li>
              <Trans>copies of listings, images and messages you have recently viewed.</Trans>
            </li>
          </ul>
          <p>
            <Trans>
              This data is not shared with anyone else. You can delete it by logging out and clearing the site data in
              your browser settings. Unsent drafts will then be lost.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: <Trans>Cookies and local storage</Trans>,
      content: (
        <p>
          <Trans>
            We only use cookies and local storage that are strictly necessary to provide the service you have asked
            for, such as keeping you logged in and remembering your settings. Under the Norwegian Electronic
            Communications Act, such storage does not require consent. We do not use cookies for advertising, and we do
            not allow third parties to track you through our service.
          </Trans>
        </p>
      ),
    },
    {
      id: 'purposes-and-legal-basis',
      title: <Trans>Purposes and legal basis</Trans>,
      content: (
        <>
          <p>
            <Trans>We use personal data for the following purposes:</Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>
                To create and manage your account, show your profile, deliver messages, save favourites and events, and
                administer companies, listings and subscriptions. The legal basis is that the processing is necessary to
                fulfil our agreement with you (GDPR Article 6(1)(b)).
              </Trans>
            </li>
            <li>
              <Trans>
                To send notifications by WhatsApp. The legal basis is your consent (Article 6(1)(a)), which you can
                withdraw at any time by turning off WhatsApp notifications or removing your phone number from your
                profile.
              </Trans>
            </li>
            <li>
              <Trans>
                To keep accounting records of payments, as required by the Norwegian Bookkeeping Act. The legal basis is
                a legal obligation (Article 6(1)(c)).
              </Trans>
            </li>
            <li>
              <Trans>
                To secure the service, prevent misuse and fraud, review content before it is published, and improve the
                service through aggregated statistics. The legal basis is our legitimate interest in a safe and
                well-functioning marketplace (Article 6(1)(f)).
              </Trans>
            </li>
          </ul>
          <p>
            <Trans>We do not use your personal data for automated decisions that have legal or similarly significant effects for you, and we do not sell personal data.</Trans>
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: <Trans>Who we share data with</Trans>,
      content: (
        <>
          <p>
            <Trans>
              When you contact a company or publish an event, the information you choose to share, such as your name,
              your messages and the details of the event, is made available to the companies concerned. Listings and
              company profiles are public.
            </Trans>
          </p>
          <p>
            <Trans>
              We use suppliers (data processors) who process personal data on our behalf and only according to our
              instructions, under a data processing agreement. These include providers of hosting and storage, e-mail
              delivery, payment processing and WhatsApp messages (Meta).
            </Trans>
          </p>
          <p>
            <Trans>
              We may also disclose personal data when we are required to do so by law, for example to the police or
              other public authorities.
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'international-transfers',
      title: <Trans>Transfers outside the EEA</Trans>,
      content: (
        <p>
          <Trans>
            We aim to store personal data within the EU/EEA. Some suppliers, such as the provider of WhatsApp, may
            process data outside the EEA. In such cases, the transfer is based on an adequacy decision by the European
            Commission, such as the EU–US Data Privacy Framework, or on the Commission’s standard contractual clauses
            with supplementary measures where necessary.
          </Trans>
        </p>
      ),
    },
    {
      id: 'retention',
      title: <Trans>How long we keep data</Trans>,
      content: (
        <>
          <p>
            <Trans>We do not keep personal data longer than necessary for the purpose for which it was collected:</Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>
                Account and profile data is kept as long as you have an account. When you delete your account, the
                data is deleted or anonymised within 30 days.
              </Trans>
            </li>
            <li>
              <Trans>
                Messages are kept as long as the account exists, so that both parties have access to the conversation.
                When your account is deleted, your messages are anonymised.
              </Trans>
            </li>
            <li>
              <Trans>Accounting records of payments are kept for five years after the end of the financial year, as required by law.</Trans>
            </li>
            <li>
              <Trans>Technical logs are deleted after 90 days, unless they are needed to investigate a security incident.</Trans>
            </li>
            <li>
              <Trans>Data stored on your device is kept until you log out, delete it or clear the site data.</Trans>
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: <Trans>Your rights</Trans>,
      content: (
        <>
          <p>
            <Trans>Under the data protection legislation, you have the right to:</Trans>
          </p>
          <ul className={legalListClass}>
            <li>
              <Trans>access the personal data we hold about you and receive a copy;</Trans>
            </li>
            <li>
              <Trans>have incorrect data corrected and incomplete data completed;</Trans>
            </li>
            <li>
              <Trans>have your data deleted when it is no longer needed or the processing is unlawful;</Trans>
            </li>
            <li>
              <Trans>restrict the processing of your data in certain situations;</Trans>
            </li>
            <li>
              <Trans>receive the data you have given us in a structured, machine-readable format (data portability);</Trans>
            </li>
            <li>
              <Trans>object to processing based on our legitimate interest;</Trans>
            </li>
            <li>
              <Trans>withdraw a consent at any time, without affecting processing carried out before the withdrawal.</Trans>
            </li>
          </ul>
          <p>
            <Trans>
              To exercise your rights, contact us at{' '}
              <a href={mailto} className={legalLinkClass}>
                {contactEmail}
              </a>
              . We will respond without undue delay and within one month at the latest. We may ask you to confirm your
              identity before we act on the request.
            </Trans>
          </p>
          <p>
            <Trans>
              If you believe that our processing of personal data is unlawful, you can lodge a complaint with the
              Norwegian Data Protection Authority (Datatilsynet). If you live in Sweden, you can also complain to the
              Swedish Authority for Privacy Protection (Integritetsskyddsmyndigheten).
            </Trans>
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: <Trans>Security</Trans>,
      content: (
        <p>
          <Trans>
            We use technical and organisational measures to protect personal data against unauthorised access, loss and
            alteration. All traffic to the service is encrypted, passwords are stored only as secure hashes, and access
            to personal data is limited to employees who need it in their work. If a personal data breach is likely to
            result in a high risk to you, we will notify you.
          </Trans>
        </p>
      ),
    },
    {
      id: 'children',
      title: <Trans>Children</Trans>,
      content: (
        <p>
          <Trans>
            EventMarket is not intended for children under 16. We do not knowingly collect personal data from children
            under 13, and users under 18 may need consent from a parent or guardian, as described in the{' '}
            <Link href={paths.terms.href()} className={legalLinkClass}>
              terms and conditions
            </Link>
            . If you believe that a child has given us personal data without such consent, please contact us and we
            will delete the data.
          </Trans>
        </p>
      ),
    },
    {
      id: 'changes',
      title: <Trans>Changes to this privacy policy</Trans>,
      content: (
        <p>
          <Trans>
            We may update this privacy policy when we change the service or when the law requires it. The date at the
            top shows when the policy was last changed. We will notify you of material changes by e-mail or in the
            service.
          </Trans>
        </p>
      ),
    },
    {
      id: 'contact',
      title: <Trans>Contact</Trans>,
      content: (
        <p>
          <Trans>
            EventMarket AS, organisation number {organisationNumber}. E-mail:{' '}
            <a href={mailto} className={legalLinkClass}>
              {contactEmail}
            </a>
            . You can also reach us through our{' '}
            <Link href={paths.contactUs.href()} className={legalLinkClass}>
              contact page
            </Link>
            .
          </Trans>
        </p>
      ),
    },
  ];

  return <LegalDocument title={<Trans>Privacy Policy</Trans>} sections={sections} />;
}

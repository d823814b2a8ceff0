/** The payment success page: a 10 s countdown to the company. */
export default function PaymentSuccessPage() {
  return null;
}

/** A booked call's answers to its type's questions, as asked: on the call's page and in the owner's list. */
import type { BookingView } from '../../../common/schemas/booking.ts';

/** The visitor's answers to the type's questions, as asked (issue 49, point 3). */
export function CallAnswers({ answers }: { answers: BookingView['answers'] }) {
  if (answers.length === 0) return null;
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {answers.map(({ question, answer }) => (
        <div key={question} className="contents">
          <dt className="font-medium">{question}</dt>
          <dd className="whitespace-pre-line break-words text-muted-foreground">{answer}</dd>
        </div>
      ))}
    </dl>
  );
}

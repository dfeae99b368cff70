/**
 * The endorsement form in its pages' actions (route-form.server.ts): the skill's own page and the
 * home page, whose dialog holds the same form. The bot check binds its token to the skill.
 */
import { endorsementSchema } from '../../../common/schemas/skills.ts';
import { routeForm } from '../../lib/route-form.server.ts';
import { ENDORSE_FORM, ENDORSEMENTS_PATH } from './api.ts';

/** `doneAt`: where a success goes (the page it was sent from, saying so). */
export const endorseForms = (doneAt: (skillId: number) => string) => ({
  [ENDORSE_FORM]: routeForm({
    schema: endorsementSchema,
    failure: { title: 'Failed to submit endorsement', fallback: 'Failed to submit endorsement' },
    call: (values) => ({ method: 'POST', path: ENDORSEMENTS_PATH, body: values }),
    doneAt: (_answer, _page, values) => doneAt(values.skillId),
    botCheck: {
      target: (values) => ({ form: 'endorsement', skillId: values.skillId }),
      submitLabel: 'Submit Endorsement',
    },
  }),
});

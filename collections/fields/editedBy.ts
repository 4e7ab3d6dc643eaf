// Who saved a document last: filled from the session on every save (whatever a request says), so each
// version in the history names its author. Saves by the site itself (seed, jobs) keep the previous name.
import type { Field } from 'payload'

import { staffOnlyField } from '../access/staffOnlyField'

export const editedByField: Field = {
  name: 'editedBy',
  label: { ru: 'Кто изменил', en: 'Edited by' },
  type: 'relationship',
  relationTo: 'users',
  access: { read: staffOnlyField },
  admin: { position: 'sidebar', readOnly: true },
  hooks: {
    beforeChange: [({ req, value, originalDoc }) => (req.user?.collection === 'users' ? req.user.id : (originalDoc?.editedBy ?? value))],
  },
}

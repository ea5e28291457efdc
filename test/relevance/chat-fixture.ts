// A small conversation fixture shared by the confidence tests.

/** A two-person chat stored one turn per memory, as agents store conversations: both names everywhere. */
export const CHAT = [
  'Caroline: I went to a LGBTQ support group yesterday and it was so powerful.',
  'Melanie: That is great! What did you take away from it?',
  'Caroline: The stories gave me courage. I want to work in counseling one day.',
  'Melanie: I painted a lake sunrise last week, the difference in light at dawn was amazing.',
  'Caroline: The difference between the two trails is the view from the ridge.',
  'Melanie: We took the kids camping in the mountains, they loved the campfire.',
  'Caroline: I have been researching adoption agencies for months now.',
  'Melanie: My husband and I celebrated our anniversary with a picnic.',
  'Caroline: I bought new running shoes; the old ones were worn out.',
  'Melanie: Pottery class on Tuesdays is my favourite way to relax.',
  'Caroline: Home feels quieter since my roommate moved out.',
  'Melanie: We might sell the old car and get a bike trailer instead.',
  'Caroline: My mentor says transition stories help young people a lot.',
  'Melanie: The kids want to play soccer this summer.',
  'Caroline: I read a book about self-acceptance that changed my view.',
  'Melanie: Free concert in the park on Saturday, want to come?',
  'Caroline: The service at the new cafe downtown was slow but friendly.',
  'Melanie: I am under a lot of pressure at work this month.',
  'Caroline: Against all odds, the bake sale raised five hundred dollars.',
  'Melanie: My daughter lost her first tooth yesterday!',
  'Caroline: Volunteering at the shelter is the best part of my week.',
  'Melanie: I started learning the clarinet again after ten years.',
  'Caroline: A friend from the support group invited me to a pride parade.',
  'Melanie: The beach trip got cancelled because of the storm.',
];

"""Several phones acting in the same instant, for the tests of the store's lock."""

import threading

from django.db import connection


def at_once(*acts):
    """Run each act on its own thread, all let go together (as phones tapped at the same
    moment), each thread with its own database connection, closed after. What each act
    returned, or the exception it raised, in the order of `acts`.

    Needs `@pytest.mark.django_db(transaction=True)`: the threads see only committed rows."""
    barrier = threading.Barrier(len(acts))
    outcomes = [None] * len(acts)

    def phone(index, act):
        try:
            barrier.wait()
            outcomes[index] = act()
        except Exception as error:  # the refusal the test expects, or a failure it shows
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(index, act)) for index, act in enumerate(acts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes

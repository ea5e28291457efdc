# The tests' spawner (test/spawner.ts): runs the commands a test worker asks for, so that the worker
# (a Node process of 100+ MB) does not fork for each git call. Node 20's libuv forks, and a fork copies
# the parent's page tables (the child then tears them down at exec): about 28 ms of CPU a `git
# --version` from a test worker against 13 ms from here, where subprocess starts the child with vfork.
# Requests: one JSON line each on the first FIFO; answers: 4-byte big-endian length + JSON on the second.
# It exits when the worker closes the request FIFO (the worker ended, however it ended).
import base64, json, os, resource, struct, subprocess, sys

# bench: GIT_MEMORY_TEST_SPAWNER_COUNT names a file that gets one line a command (how many ran here)
# and, at the end, a line `#cpu S`: the CPU seconds of this process and its children. The worker does
# not wait for this process, so a /usr/bin/time around vitest does not count them: add them.
count = os.environ.get('GIT_MEMORY_TEST_SPAWNER_COUNT')

req = open(sys.argv[1], 'rb')
res = open(sys.argv[2], 'wb', buffering=0)
for line in req:
    m = json.loads(line)
    if count:
        with open(count, 'a') as f:
            f.write(os.path.basename(m['file']) + '\n')
    out = {}
    try:
        p = subprocess.run([m['file']] + m['args'], cwd=m['cwd'], env=m['env'],
                           input=base64.b64decode(m['input']), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out = {'status': p.returncode, 'stdout': base64.b64encode(p.stdout).decode(), 'stderr': base64.b64encode(p.stderr).decode()}
    except OSError as e:
        out = {'error': e.strerror or str(e), 'errno': e.errno}
    body = json.dumps(out).encode()
    res.write(struct.pack('>I', len(body)) + body)

if count:
    cpu = sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)))
    with open(count, 'a') as f:
        f.write('#cpu %.3f\n' % cpu)

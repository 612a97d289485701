// Simulation control of the vexcrypt SoC, configured per run by plusargs so that no Verilator
// rebuild is needed:
//   +max_cycles=N     end the run after N cycles with a "cycle bound" message (0: no bound)
//   +trace_begin=N +trace_end=M   waveform dump window in cycles (traced models only)
// The firmware ends the run by writing its exit status; the status is printed for the host.
//
// Retired instructions by class (seed 001's split: compute, memory, control), counted from the
// CPU's retirement port (vexsim_retire.v): at each `mark` (the SoC's cycle-counter latch, which
// every timed section writes at its start and end) span_<class> becomes what retired since the
// previous mark, so the firmware reads the classes of its last timed section without a line of
// code inside it. Only the simulation has the block: no CPU or bus timing changes.
//   compute  OP, OP-IMM (the M extension included), LUI, AUIPC, custom-0..3 (the CFU's)
//   memory   LOAD, STORE, AMO
//   control  everything else: branches, JAL, JALR, SYSTEM (CSRs), MISC-MEM (fences)
module vexsim_ctrl (
    input  wire        clk,
    input  wire        exit_valid,
    input  wire [31:0] exit_status,
    output reg         trace_on,
    input  wire        retire_valid,
    input  wire [31:0] retire_insn,
    input  wire        mark,
    output reg  [63:0] span_compute,
    output reg  [63:0] span_memory,
    output reg  [63:0] span_control
);
    reg [63:0] cycle       = 64'd0;
    reg [63:0] max_cycles  = 64'd0;
    reg [63:0] trace_begin = 64'd0;
    reg [63:0] trace_end   = 64'd0;

    reg [63:0] n_compute = 64'd0, n_memory = 64'd0, n_control = 64'd0;   // since reset
    reg [63:0] at_compute = 64'd0, at_memory = 64'd0, at_control = 64'd0; // at the last mark
    wire [6:0] opcode = retire_insn[6:0];
    wire is_memory  = opcode == 7'h03 || opcode == 7'h23 || opcode == 7'h2F;
    wire is_compute = opcode == 7'h33 || opcode == 7'h13 || opcode == 7'h37 || opcode == 7'h17 ||
                      opcode == 7'h0B || opcode == 7'h2B || opcode == 7'h5B || opcode == 7'h7B;
    wire [63:0] inc_compute = {63'd0, retire_valid && is_compute};
    wire [63:0] inc_memory  = {63'd0, retire_valid && is_memory};
    wire [63:0] inc_control = {63'd0, retire_valid && !is_compute && !is_memory};

    initial begin
        span_compute = 64'd0;
        span_memory  = 64'd0;
        span_control = 64'd0;
        trace_on = 1'b0;
        if (!$value$plusargs("max_cycles=%d", max_cycles))   max_cycles  = 64'd0;
        if (!$value$plusargs("trace_begin=%d", trace_begin)) trace_begin = 64'd0;
        if (!$value$plusargs("trace_end=%d", trace_end))     trace_end   = 64'd0;
    end

    // A mark splits at its edge: an instruction retiring in the same cycle counts after it.
    always @(posedge clk) begin
        n_compute <= n_compute + inc_compute;
        n_memory  <= n_memory + inc_memory;
        n_control <= n_control + inc_control;
        if (mark) begin
            span_compute <= n_compute - at_compute;
            span_memory  <= n_memory - at_memory;
            span_control <= n_control - at_control;
            at_compute <= n_compute;
            at_memory  <= n_memory;
            at_control <= n_control;
        end
    end

    always @(posedge clk) begin
        cycle <= cycle + 64'd1;
        trace_on <= (cycle >= trace_begin) && (cycle < trace_end);
        if (exit_valid) begin
            $display("\n[vexsim] exit status=%0d cycles=%0d", exit_status, cycle);
            $finish;
        end else if (max_cycles != 64'd0 && cycle >= max_cycles) begin
            $display("\n[vexsim] cycle bound reached after %0d cycles", cycle);
            $finish;
        end
    end
endmodule

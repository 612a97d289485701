// Simulation control of the vexcrypt SoC, configured per run by plusargs so that no Verilator
// rebuild is needed:
//   +max_cycles=N     end the run after N cycles with a "cycle bound" message (0: no bound)
//   +trace_begin=N +trace_end=M   waveform dump window in cycles (traced models only)
// The firmware ends the run by writing its exit status; the status is printed for the host.
module vexsim_ctrl (
    input  wire        clk,
    input  wire        exit_valid,
    input  wire [31:0] exit_status,
    output reg         trace_on
);
    reg [63:0] cycle       = 64'd0;
    reg [63:0] max_cycles  = 64'd0;
    reg [63:0] trace_begin = 64'd0;
    reg [63:0] trace_end   = 64'd0;

    initial begin
        trace_on = 1'b0;
        if (!$value$plusargs("max_cycles=%d", max_cycles))   max_cycles  = 64'd0;
        if (!$value$plusargs("trace_begin=%d", trace_begin)) trace_begin = 64'd0;
        if (!$value$plusargs("trace_end=%d", trace_end))     trace_end   = 64'd0;
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
